import { checkTemplateVariables, cut, invalidUses, templatePieces } from './templateVariables';

const MSG = 'Invalid variable - not available for this prompt type';

describe('the live variable checker', () => {
  it('text prompts allow schema_descriptions and text_chunk only', () => {
    const uses = checkTemplateVariables('Fields: {{ schema_descriptions }}\nText: {{ text_chunk | trim }}\nRow: {{row_chunk}}', 'text');
    expect(uses.map((u) => [u.name, u.valid, u.message])).toEqual([
      ['schema_descriptions', true, null],
      ['text_chunk', true, null],
      ['row_chunk', false, MSG],
    ]);
    const wrong = uses[2]!;
    expect([wrong.line, wrong.column]).toEqual([3, 6]);
  });

  it('table prompts allow schema_descriptions, header, table_description, row_chunk', () => {
    const t = '{{ schema_descriptions }} {{ header }} {{ table_description }} {{ row_chunk }} {{ text_chunk }}';
    expect(invalidUses(t, 'table').map((u) => u.name)).toEqual(['text_chunk']);
    expect(invalidUses(t, 'text').map((u) => u.name)).toEqual(['header', 'table_description', 'row_chunk']);
  });

  it('names the template defines itself are fine', () => {
    const t = '{% for r in row_chunk %}{{ r }}{% endfor %}{% set x = 1 %}{{ x }}{{ loop }}{{ customer }}';
    expect(invalidUses(t, 'table').map((u) => u.name)).toEqual(['customer']);
  });

  it('marks each variable at its place', () => {
    const pieces = templatePieces('A {{ foo }} B', 'text');
    expect(pieces).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'variable', text: '{{ foo }}', use: expect.objectContaining({ name: 'foo', valid: false }) },
      { kind: 'text', text: ' B' },
    ]);
  });

  it('cuts previews', () => {
    expect(cut('x'.repeat(120), 120)).toBe('x'.repeat(120));
    expect(cut('x'.repeat(121), 120)).toBe(`${'x'.repeat(120)}…`);
  });
});
