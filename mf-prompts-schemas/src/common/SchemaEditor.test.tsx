import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../test/render';
import { SchemaEditor } from './SchemaEditor';
import type { JsonObject } from './schemaModel';

function setup(initial: JsonObject | null = null) {
  const changes: JsonObject[] = [];
  renderUi(<SchemaEditor initial={initial} onChange={(s) => changes.push(s)} />);
  const json = () => screen.getByRole('textbox', { name: 'JSON Schema' }) as HTMLTextAreaElement;
  const last = () => changes[changes.length - 1];
  return { json, last, changes };
}

const byLabel = (label: string) => screen.getByLabelText(label);
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('the schema builder', () => {
  it('switching a field to array defaults items to string, leaving array clears them', () => {
    const { last } = setup();
    fireEvent.click(screen.getByRole('button', { name: /Add field/ }));
    type(byLabel('Field 1 name'), 'tags');
    type(byLabel('Field 1 type'), 'array');
    expect((byLabel('Field 1 items') as HTMLSelectElement).value).toBe('string');
    expect(last()).toEqual({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } });
    type(byLabel('Field 1 type'), 'number');
    expect(screen.queryByLabelText('Field 1 items')).toBeNull();
    expect(last()).toEqual({ type: 'object', properties: { tags: { type: 'number' } } });
  });

  it('offers nesting only on object and array fields', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: /Add field/ }));
    type(byLabel('Field 1 name'), 'vendor');
    expect(screen.queryByRole('button', { name: /Add nested field/ })).toBeNull();
    type(byLabel('Field 1 type'), 'object');
    fireEvent.click(screen.getByRole('button', { name: 'Add nested field to vendor' }));
    expect(byLabel('Field 1.1 name')).toBeInTheDocument();
    type(byLabel('Field 1.1 type'), 'boolean');
    expect(screen.queryByRole('button', { name: /Add nested field to field 1.1/ })).toBeNull();
  });

  it('drops unnamed fields from the schema and says so', () => {
    const { last, json } = setup();
    fireEvent.click(screen.getByRole('button', { name: /Add field/ }));
    fireEvent.click(screen.getByRole('button', { name: /Add field/ }));
    type(byLabel('Field 2 name'), 'total');
    expect(screen.getByText('Fields without a name are left out of the schema.')).toBeInTheDocument();
    expect(last()).toEqual({ type: 'object', properties: { total: { type: 'string' } } });
    expect(JSON.parse(json().value)).toEqual(last());
  });

  it('a pasted JSON Schema fills the builder and what it cannot show is kept and named', () => {
    const { json, last } = setup();
    const pasted = { type: 'object', properties: { id: { type: 'string', pattern: '^A' }, n: { type: 'integer' } }, required: ['id'], additionalProperties: false };
    type(json(), JSON.stringify(pasted));
    expect((byLabel('Field 1 name') as HTMLInputElement).value).toBe('id');
    expect(last()).toEqual(pasted);
    expect(screen.getByText(/Kept from the JSON Schema/)).toBeInTheDocument();
    expect(screen.getByText(/\(root\) additionalProperties, id pattern, n \(whole definition\)/)).toBeInTheDocument();
  });

  it("refuses invalid JSON with the parser's message and position, applying nothing", () => {
    const { json, changes } = setup({ type: 'object', properties: { a: { type: 'string' } } });
    type(json(), '{\n  "type": "object",\n  "properties": { "b" }\n}');
    expect(screen.getByText(/Invalid JSON at line 3, column 23: Expected ':' after property name/)).toBeInTheDocument();
    expect(changes).toHaveLength(0);
    expect((byLabel('Field 1 name') as HTMLInputElement).value).toBe('a');
    type(json(), '{"type": "array"}');
    expect(screen.getByText(/root must be an object/)).toBeInTheDocument();
    expect(changes).toHaveLength(0);
  });
});
