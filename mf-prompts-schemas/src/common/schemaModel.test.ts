import {
  canNest,
  childrenOf,
  describeJsonError,
  emptyModel,
  inferSchema,
  keptKeywords,
  modelToSchema,
  newField,
  parseJson,
  schemaToModel,
  withNestedField,
  withType,
} from './schemaModel';

describe('type switches', () => {
  it('switching to array defaults items to string; leaving array clears items', () => {
    const f = withType(newField({ name: 'tags' }), 'array');
    expect(f.items?.type).toBe('string');
    expect(modelToSchema({ ...emptyModel(), fields: [f] }).properties).toEqual({ tags: { type: 'array', items: { type: 'string' } } });
    const back = withType(f, 'number');
    expect(back.items).toBeNull();
    expect(modelToSchema({ ...emptyModel(), fields: [back] }).properties).toEqual({ tags: { type: 'number' } });
  });

  it('a string format goes when the type is no longer string', () => {
    const f = withType(newField({ name: 'due', format: 'date' }), 'number');
    expect(f.format).toBe('');
  });
});

describe('nesting rules', () => {
  it('allows nesting only into object or array fields', () => {
    expect(canNest(newField({ type: 'object' }))).toBe(true);
    expect(canNest(newField({ type: 'array' }))).toBe(true);
    for (const type of ['string', 'number', 'boolean'] as const) {
      expect(canNest(newField({ type }))).toBe(false);
      expect(() => withNestedField(newField({ type, name: 'x' }))).toThrow(/only allowed into object or array/);
    }
  });

  it('nesting into an array makes its items an object with the new field', () => {
    const arr = withNestedField(withType(newField({ name: 'rows' }), 'array'));
    expect(arr.items?.type).toBe('object');
    expect(childrenOf(arr)).toHaveLength(1);
  });
});

describe('building the schema', () => {
  it('drops unnamed fields (at every level) and lists required names', () => {
    let vendor = withNestedField(withType(newField({ name: 'vendor' }), 'object'));
    vendor = { ...vendor, properties: [{ ...vendor.properties[0]!, name: 'name', required: true }, newField({ name: '  ' })] };
    const schema = modelToSchema({ ...emptyModel(), fields: [newField({ name: 'total', type: 'number', required: true }), newField(), vendor] });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        total: { type: 'number' },
        vendor: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      required: ['total'],
    });
  });
});

describe('JSON Schema <-> builder round trip', () => {
  const RICH = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Invoice',
    type: 'object',
    additionalProperties: false,
    $defs: { money: { type: 'number', minimum: 0 } },
    properties: {
      invoice_number: { type: 'string', description: 'Number', pattern: '^INV-' },
      email: { type: 'string', format: 'email' },
      issued: { type: 'string', format: 'date-time' },
      status: { type: 'string', enum: ['paid', 'open'] },
      count: { type: 'integer', minimum: 1 },
      maybe: { type: ['string', 'null'] },
      total: { $ref: '#/$defs/money' },
      line_items: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { description: { type: 'string' }, qty: { type: 'number', exclusiveMinimum: 0 } },
          required: ['description', 'ghost'],
          additionalProperties: false,
        },
      },
      anything: { type: 'object' },
      list: { type: 'array' },
    },
    required: ['invoice_number', 'line_items', 'not_a_property'],
  };

  it('loses nothing the builder cannot show and says what it kept', () => {
    const model = schemaToModel(RICH);
    expect(modelToSchema(model)).toEqual(RICH);
    expect(JSON.stringify(modelToSchema(model))).toContain('"pattern":"^INV-"');
    const kept = keptKeywords(model);
    expect(kept).toEqual(
      expect.arrayContaining([
        '(root) $schema',
        '(root) additionalProperties',
        'invoice_number pattern',
        'issued format',
        'status enum',
        'count (whole definition)',
        'maybe (whole definition)',
        'total (whole definition)',
        'line_items minItems',
        'line_items[] additionalProperties',
        'line_items[].qty exclusiveMinimum',
        'anything (whole definition)',
        'list (whole definition)',
      ]),
    );
    // field order kept
    expect(Object.keys(modelToSchema(model).properties as object)).toEqual(Object.keys(RICH.properties));
  });

  it('fills the builder from a pasted schema', () => {
    const model = schemaToModel(RICH);
    const names = model.fields.map((f) => f.name);
    expect(names.slice(0, 3)).toEqual(['invoice_number', 'email', 'issued']);
    const items = model.fields.find((f) => f.name === 'line_items')!;
    expect(items.type).toBe('array');
    expect(items.required).toBe(true);
    expect(childrenOf(items).map((f) => [f.name, f.type, f.required])).toEqual([
      ['description', 'string', true],
      ['qty', 'number', false],
    ]);
    expect(model.fields.find((f) => f.name === 'email')!.format).toBe('email');
  });

  it('refuses a root that is not an object schema', () => {
    expect(() => schemaToModel([])).toThrow('The JSON Schema must be a JSON object');
    expect(() => schemaToModel({ type: 'array' })).toThrow(/root must be an object/);
    expect(() => schemaToModel({ type: 'object', properties: [] })).toThrow('"properties" must be a JSON object');
  });
});

describe('JSON text', () => {
  it("gives the parser's message with line and column", () => {
    const p = parseJson('{\n  "a": 1,\n  "b": }');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.line).toBe(3);
    expect(p.column).toBe(8);
    expect(describeJsonError(p)).toMatch(/^Invalid JSON at line 3, column 8: Unexpected token/);
    const end = parseJson('{"a": ');
    expect(end.ok).toBe(false);
    expect(parseJson('{"a": [1]}')).toEqual({ ok: true, value: { a: [1] } });
  });
});

describe('infer from a sample', () => {
  it('proposes types, formats, items, nested objects and required keys', () => {
    const schema = inferSchema({
      invoice_number: 'INV-1',
      total: 12.5,
      paid: false,
      due: '2024-05-31',
      contact: 'ap@example.com',
      site: 'https://example.com/x',
      id: '123e4567-e89b-42d3-a456-426614174000',
      note: null,
      tags: ['a', 'b'],
      vendor: { name: 'Granite' },
      lines: [{ sku: 'A', qty: 1 }, { sku: 'B', price: 2 }],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        invoice_number: { type: 'string' },
        total: { type: 'number' },
        paid: { type: 'boolean' },
        due: { type: 'string', format: 'date' },
        contact: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        id: { type: 'string', format: 'uuid' },
        note: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        vendor: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        lines: {
          type: 'array',
          items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } }, required: ['sku'] },
        },
      },
      required: ['invoice_number', 'total', 'paid', 'due', 'contact', 'site', 'id', 'tags', 'vendor', 'lines'],
    });
    // and the builder can show it
    expect(schemaToModel(schema).fields).toHaveLength(11);
  });

  it('refuses a sample that is not an object', () => {
    expect(() => inferSchema([1, 2])).toThrow(/must be a JSON object/);
  });
});

describe('JSON errors as browsers word them', () => {
  it("keeps the parser's words, not its echo of the text (short and cut excerpts)", () => {
    const text = '{\n  "a": }';
    const p = parseJson(text);
    if (p.ok) throw new Error('should fail');
    expect(p.message).not.toMatch(/is not valid JSON|"a"/);
    expect([p.line, p.column]).toEqual([2, 8]);
  });
});
