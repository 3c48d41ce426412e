import { renderSchemaDescriptions } from './schema-descriptions';
import {
  extractTemplateVariables,
  INVALID_VARIABLE_MESSAGE,
  renderTemplate,
  TemplateSyntaxError,
  validateTemplateVariables,
} from './template';

describe('renderTemplate', () => {
  test('variables with or without inner whitespace, repeated, dotted', () => {
    const r = renderTemplate('A={{a}} B={{ b }} C={{   a   }} D={{ o.x }}', { a: '1', b: 'two', o: { x: 3 } });
    expect(r).toEqual({ text: 'A=1 B=two C=1 D=3', unknownVariables: [] });
  });

  test('unknown variables render empty and are reported once each', () => {
    const r = renderTemplate('{{ text_chunk }} / {{ foo }} / {{ foo }} / {{ bar.baz }}', { text_chunk: 'T' });
    expect(r.text).toBe('T /  /  / ');
    expect(r.unknownVariables).toEqual(['foo', 'bar']);
  });

  test('if / elif / else, not / and / or / ==, filters', () => {
    const t = '{% if header and not missing %}H:{{ header | upper }}{% elif table_description %}D{% else %}none{% endif %}|{{ x | default("dflt") }}|{{ list | join(", ") }}|{{ list | length }}|{% if kind == "table" %}T{% endif %}';
    expect(renderTemplate(t, { header: 'qty', missing: '', table_description: '', x: '', list: ['a', 'b'], kind: 'table' }).text).toBe('H:QTY|dflt|a, b|2|T');
    expect(renderTemplate(t, { header: '', missing: '', table_description: 'd', x: 'v', list: [], kind: 'x' }).text).toBe('D|v||0|');
  });

  test('for loops with loop.index, else branch, and whitespace control', () => {
    const t = 'Rows:\n{%- for r in rows %}\n{{ loop.index }}. {{ r }}{% if loop.last %}.{% endif %}\n{%- else %} none{% endfor %}';
    expect(renderTemplate(t, { rows: ['a', 'b'] }).text).toBe('Rows:\n1. a\n2. b.');
    expect(renderTemplate(t, { rows: [] }).text).toBe('Rows: none');
    expect(renderTemplate('x  {{- v -}}  y', { v: '|' }).text).toBe('x|y');
    expect(renderTemplate('a {# a comment #}b', {}).text).toBe('a b');
  });

  test('syntax errors are reported', () => {
    expect(() => renderTemplate('{{ a ', {})).toThrow(TemplateSyntaxError);
    expect(() => renderTemplate('{% if a %}x', {})).toThrow(/without \{% endif %\}/);
    expect(() => renderTemplate('{% endfor %}', {})).toThrow(/unexpected/);
    expect(() => renderTemplate('{{ a | nofilter }}', { a: 1 })).toThrow(/unknown filter/);
    expect(() => renderTemplate('{{ }}', {})).toThrow(/empty expression/);
  });
});

describe('template variables', () => {
  test('extractTemplateVariables lists top-level names, not loop variables or filters', () => {
    expect(extractTemplateVariables('{{ a }}{% for r in rows %}{{ r }}{{ loop.index }}{% endfor %}{{ b | default(c) }}{% if d %}{% endif %}')).toEqual(['a', 'rows', 'b', 'c', 'd']);
  });

  test('table prompts may use schema_descriptions, header, table_description, row_chunk', () => {
    const ok = validateTemplateVariables('{{ schema_descriptions }}\n{{header}}\n{{ table_description }}\n{{ row_chunk }}', 'table');
    expect(ok).toEqual({ valid: true, variables: ['schema_descriptions', 'header', 'table_description', 'row_chunk'], invalid: [] });
    const bad = validateTemplateVariables('{{ text_chunk }} {{ row_chunk }}', 'table');
    expect(bad.valid).toBe(false);
    expect(bad.invalid).toEqual([{ name: 'text_chunk', message: INVALID_VARIABLE_MESSAGE }]);
    expect(INVALID_VARIABLE_MESSAGE).toBe('Invalid variable - not available for this prompt type');
  });

  test('text prompts may use schema_descriptions and text_chunk only', () => {
    expect(validateTemplateVariables('{{ text_chunk }} {{ schema_descriptions }}', 'text').valid).toBe(true);
    expect(validateTemplateVariables('{{ text_chunk }} {{ header }} {{ row_chunk }}', 'text').invalid.map((i) => i.name)).toEqual(['header', 'row_chunk']);
    expect(validateTemplateVariables('{% if x %}', 'text').syntaxError).toMatch(/endif/);
  });
});

describe('renderSchemaDescriptions', () => {
  test('one line per field, nested fields indented, formats, enums, required', () => {
    const text = renderSchemaDescriptions({
      type: 'object',
      properties: {
        invoice_number: { type: 'string', description: 'The invoice number' },
        invoice_date: { type: 'string', format: 'date', description: 'Date of issue' },
        status: { type: 'string', enum: ['paid', 'unpaid'] },
        notes: { type: ['string', 'null'] },
        vendor: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        line_items: {
          type: 'array',
          description: 'One entry per table row',
          items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'number' } }, required: ['description'] },
        },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['invoice_number', 'line_items'],
    });
    expect(text).toBe(
      [
        '- invoice_number (string, required): The invoice number',
        '- invoice_date (string, format: date): Date of issue',
        '- status (string, one of: "paid", "unpaid")',
        '- notes (string, nullable)',
        '- vendor (object)',
        '  - name (string, required)',
        '- line_items (array of objects, required): One entry per table row',
        '  - description (string, required)',
        '  - quantity (number)',
        '- tags (array of strings)',
      ].join('\n'),
    );
  });

  test('array roots, $refs and empty input', () => {
    expect(renderSchemaDescriptions(null)).toBe('');
    expect(
      renderSchemaDescriptions({ type: 'array', items: { $ref: '#/$defs/row' }, $defs: { row: { type: 'object', properties: { sku: { type: 'string' } } } } }),
    ).toBe('A JSON array of objects, each with:\n  - sku (string)');
  });
});
