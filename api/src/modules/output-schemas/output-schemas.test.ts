/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Output schemas: the definition check (JSON Schema + product rules), CRUD, validate-data with
// every error and its path, statistics, llm-format, usage_count, cross-user 404s.
import { OutputSchemaListResponseSchema, OutputSchemaSchema, OutputSchemaStatisticsSchema } from '@quarry/shared/schemas';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
});
afterAll(() => t.close());

const api = (method: string, p: string, json?: unknown, u: TestUser = alice) => t.request(method, `/api/v1${p}`, { token: u.token, json });

export const INVOICE = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'The invoice number as printed' },
    invoice_date: { type: 'string', format: 'date', description: 'Date of issue' },
    email: { type: 'string', format: 'email' },
    total: { type: 'number', minimum: 0 },
    paid: { type: 'boolean' },
    status: { type: 'string', enum: ['paid', 'unpaid'] },
    line_items: {
      type: 'array',
      description: 'One entry per table row',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, quantity: { type: 'number' } },
        required: ['description'],
      },
    },
    tags: { type: 'array', items: { type: 'string' } },
    vendor: { type: 'object', properties: { name: { type: 'string' }, website: { type: 'string', format: 'uri' }, id: { type: 'string', format: 'uuid' } } },
  },
  required: ['invoice_number', 'invoice_date', 'line_items'],
};

const validate = async (def: unknown) => {
  const res = await api('POST', '/output-schemas/validate', { schema_definition: def });
  expect(res.status).toBe(200);
  return res.body as { valid: boolean; errors: { path: string; message: string }[]; field_count: number };
};

describe('POST /output-schemas/validate', () => {
  test('a schema using every allowed type, format and nesting is valid', async () => {
    expect(await validate(INVOICE)).toEqual({ valid: true, errors: [], field_count: 9 });
    expect((await validate({ $schema: 'http://json-schema.org/draft-07/schema#', ...INVOICE })).valid).toBe(true);
  });

  const rule = (def: unknown, path: string, message: RegExp) => [def, path, message] as const;
  const cases = [
    rule('not an object', '(root)', /must be a JSON object/),
    rule([], '(root)', /must be a JSON object/),
    rule({ type: 'array', items: { type: 'string' } }, 'type', /root of an output schema must be "object"/),
    rule({ type: 'object' }, 'properties', /must name at least one field/),
    rule({ type: 'object', properties: {} }, 'properties', /must name at least one field/),
    rule({ type: 'object', properties: { n: { type: 'integer' } } }, 'properties.n.type', /"integer" is not allowed: use one of string, number, boolean, array, object \(integer: use number\)/),
    rule({ type: 'object', properties: { n: { type: 'null' } } }, 'properties.n.type', /"null" is not allowed/),
    rule({ type: 'object', properties: { n: { type: ['string', 'null'] } } }, 'properties.n.type', /is not allowed/),
    rule({ type: 'object', properties: { n: {} } }, 'properties.n.type', /is required: one of string, number, boolean, array, object/),
    rule({ type: 'object', properties: { d: { type: 'string', format: 'date-time' } } }, 'properties.d.format', /"date-time" is not allowed: use one of email, date, uri, uuid/),
    rule({ type: 'object', properties: { d: { type: 'number', format: 'email' } } }, 'properties.d.format', /only applies to string fields, not number/),
    rule({ type: 'object', properties: { s: { type: 'string', properties: { a: { type: 'string' } } } } }, 'properties.s.properties', /only applies to object fields, not string/),
    rule({ type: 'object', properties: { s: { type: 'string', items: { type: 'string' } } } }, 'properties.s.items', /only applies to array fields, not string/),
    rule({ type: 'object', properties: { a: { type: 'array' } } }, 'properties.a.items', /is required for an array/),
    rule({ type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }] } } }, 'properties.a.items', /one schema \(tuples are not supported\)/),
    rule({ type: 'object', properties: { o: { type: 'object', properties: {} } } }, 'properties.o.properties', /an object field needs at least one nested field/),
    rule({ type: 'object', properties: { x: { anyOf: [{ type: 'string' }, { type: 'number' }] } } }, 'properties.x.anyOf', /nesting is only allowed in object properties and array items/),
    rule({ type: 'object', properties: { x: { $ref: '#/definitions/y' } } }, 'properties.x.$ref', /not supported/),
    rule({ type: 'object', properties: { o: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } } } }, 'properties.o.additionalProperties', /must be true or false/),
    rule({ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }, 'required[0]', /"b" is not a field of this object/),
    rule({ type: 'object', properties: { a: { type: 'string' } }, required: 'a' }, 'required', /must be a list of field names|must be array/),
    rule({ type: 'object', properties: { a: { type: 'string', enum: ['x', 1] } } }, 'properties.a.enum[1]', /1 is not a string/),
    rule({ type: 'object', properties: { a: { type: 'string', colour: 'red' } } }, 'properties.a.colour', /"colour" is not a supported keyword/),
    rule({ type: 'object', properties: { a: { type: 'string', description: 5 } } }, 'properties.a.description', /must be a string/),
    rule({ type: 'object', properties: { a: { type: 'string', pattern: '([' } } }, 'properties.a.pattern', /"\(\[" is not a usable pattern: missing closing \]/),
    // lookarounds and backreferences need a backtracking engine: refused at save time
    rule({ type: 'object', properties: { a: { type: 'string', pattern: '^(?=a)a$' } } }, 'properties.a.pattern', /not a usable pattern.*linear time.*lookarounds/),
    rule({ type: 'object', properties: { a: { type: 'string', pattern: '^(a)\\1$' } } }, 'properties.a.pattern', /not a usable pattern.*backreferences/),
    rule({ type: 'object', properties: { ' ': { type: 'string' } } }, 'properties[" "]', /a field needs a name/),
    rule({ type: 'object', properties: { a: { type: 'string', minLength: -1 } } }, 'properties.a.minLength', /JSON Schema/),
  ];

  test.each(cases)('%j is refused at %s', async (def, path, message) => {
    const res = await validate(def);
    expect(res.valid).toBe(false);
    const hit = res.errors.find((e) => e.path === path && message.test(e.message));
    if (!hit) throw new Error(`no error at ${path} matching ${message}; got ${JSON.stringify(res.errors)}`);
  });

  test('every problem is reported, deep paths included', async () => {
    const res = await validate({
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' }, when: { type: 'string', format: 'time' } }, required: ['sku'] } },
        meta: { type: 'tuple' },
      },
    });
    expect(res.errors.map((e) => e.path).sort()).toEqual(
      ['properties.items.items.properties.qty.type', 'properties.items.items.properties.when.format', 'properties.items.items.required[0]', 'properties.meta.type'].sort(),
    );
  });

  test('the body needs schema_definition', async () => {
    const res = await api('POST', '/output-schemas/validate', {});
    expect(res.status).toBe(422);
  });
});

describe('CRUD', () => {
  test('create, get, list (sorts, search, paging), update, delete', async () => {
    const u = await t.registerUser();
    const created = await api('POST', '/output-schemas/', { name: ' Invoice ', description: 'Invoices', schema_definition: INVOICE }, u);
    expect(created.status).toBe(201);
    const s = OutputSchemaSchema.parse(created.body);
    expect(s).toMatchObject({ name: 'Invoice', description: 'Invoices', field_count: 9, usage_count: 0, schema_definition: INVOICE });
    const b = (await api('POST', '/output-schemas/', { name: 'address', schema_definition: { type: 'object', properties: { street: { type: 'string' } } } }, u)).body;
    const c = (await api('POST', '/output-schemas/', { name: 'Contact', schema_definition: { type: 'object', properties: { e: { type: 'string', format: 'email' }, p: { type: 'string' } } } }, u)).body;
    expect((await api('GET', `/output-schemas/${s.id}`, undefined, u)).body).toEqual(created.body);

    const list = OutputSchemaListResponseSchema.parse((await api('GET', '/output-schemas/', undefined, u)).body);
    expect(list.total_count).toBe(3);
    expect(list.schemas.map((x) => x.name)).toEqual(['Contact', 'address', 'Invoice']);
    expect((await api('GET', '/output-schemas/?sort=name&order=asc', undefined, u)).body.schemas.map((x: any) => x.name)).toEqual(['address', 'Contact', 'Invoice']);
    expect((await api('GET', '/output-schemas/?sort=created_at', undefined, u)).body.schemas.map((x: any) => x.id)).toEqual([c.id, b.id, s.id]);
    expect((await api('GET', '/output-schemas/?search=INVO', undefined, u)).body.schemas.map((x: any) => x.id)).toEqual([s.id]);
    const page = (await api('GET', '/output-schemas/?sort=name&order=asc&limit=1&offset=2', undefined, u)).body;
    expect(page).toMatchObject({ total_count: 3 });
    expect(page.schemas.map((x: any) => x.name)).toEqual(['Invoice']);
    expect((await api('GET', '/output-schemas/?sort=size', undefined, u)).status).toBe(422);

    const updated = await api('PUT', `/output-schemas/${b.id}`, { schema_definition: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } }, u);
    expect(updated.body).toMatchObject({ name: 'address', field_count: 2 });
    expect(Date.parse(updated.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(b.updated_at));
    expect((await api('PUT', `/output-schemas/${b.id}`, { description: null }, u)).body.description).toBeNull();
    expect((await api('DELETE', `/output-schemas/${b.id}`, undefined, u)).status).toBe(204);
    expect((await api('GET', `/output-schemas/${b.id}`, undefined, u)).status).toBe(404);
    expect((await api('DELETE', `/output-schemas/${b.id}`, undefined, u)).status).toBe(404);
  });

  test('create and update validate the name and the definition, every problem listed', async () => {
    const blank = await api('POST', '/output-schemas/', { name: '  ', schema_definition: INVOICE });
    expect(blank.status).toBe(422);
    expect(blank.body.detail[0]).toMatchObject({ loc: ['body', 'name'], msg: 'Schema name is required' });
    const bad = await api('POST', '/output-schemas/', { name: 'Bad', schema_definition: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string', format: 'ipv4' } } } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: any) => d.loc)).toEqual([
      ['body', 'schema_definition', 'properties.a.type'],
      ['body', 'schema_definition', 'properties.b.format'],
    ]);
    expect(bad.body.detail[0].msg).toMatch(/^properties\.a\.type: "integer" is not allowed/);
    expect((await api('POST', '/output-schemas/', { name: 'x' })).status).toBe(422);
    expect((await api('POST', '/output-schemas/', { name: 'x', schema_definition: [] })).status).toBe(422);
    const ok = (await api('POST', '/output-schemas/', { name: 'Ok', schema_definition: INVOICE })).body;
    const badUpdate = await api('PUT', `/output-schemas/${ok.id}`, { schema_definition: { type: 'object', properties: {} } });
    expect(badUpdate.status).toBe(422);
    expect((await api('PUT', `/output-schemas/${ok.id}`, {})).status).toBe(422);
    expect((await api('GET', `/output-schemas/${ok.id}`)).body.schema_definition).toEqual(INVOICE);
  });
});

describe('validate-data', () => {
  let id: string;
  beforeAll(async () => {
    id = (await api('POST', '/output-schemas/', { name: 'Invoice', schema_definition: INVOICE })).body.id;
  });

  test('a matching value is valid', async () => {
    const data = {
      invoice_number: 'INV-1',
      invoice_date: '2024-05-01',
      email: 'billing@example.com',
      total: 12.5,
      paid: true,
      status: 'paid',
      line_items: [{ description: 'Widget', quantity: 2 }],
      tags: ['a'],
      vendor: { name: 'ACME', website: 'https://acme.example', id: '3f2b8c1e-1d2a-4c1b-9a7e-1234567890ab' },
    };
    const res = await api('POST', `/output-schemas/${id}/validate-data`, { data });
    expect(res.body).toEqual({ valid: true, error_count: 0, errors: [] });
  });

  test('every error is reported with its path', async () => {
    const res = await api('POST', `/output-schemas/${id}/validate-data`, {
      data: {
        invoice_date: '01/05/2024',
        email: 'not-an-email',
        total: -1,
        paid: 'yes',
        status: 'pending',
        line_items: [{ description: 'ok' }, { quantity: 'two' }],
        tags: [1],
        vendor: { website: 'not a uri', id: 'nope' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    const byPath = Object.fromEntries(res.body.errors.map((e: any) => [e.path, e.message]));
    expect(byPath).toEqual({
      invoice_number: 'is required',
      invoice_date: 'must be a valid date',
      email: 'must be a valid email',
      total: 'must be >= 0',
      paid: 'must be boolean',
      status: 'must be one of "paid", "unpaid"',
      'line_items[1].description': 'is required',
      'line_items[1].quantity': 'must be number',
      'tags[0]': 'must be string',
      'vendor.website': 'must be a valid uri',
      'vendor.id': 'must be a valid uuid',
    });
    expect(res.body.error_count).toBe(11);
    expect(res.body.errors.find((e: any) => e.path === 'line_items[1].quantity')).toMatchObject({ pointer: '/line_items/1/quantity', keyword: 'type' });
  });

  test('a catastrophic pattern answers in linear time; health stays responsive meanwhile', async () => {
    // ^(a+)+$ on 31 "a" and a "!" took 8.3 s with JavaScript's backtracking RegExp (each extra
    // "a" doubled it) and blocked every other request
    const evil = (
      await api('POST', '/output-schemas/', {
        name: 'Evil',
        schema_definition: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } },
      })
    ).body;
    expect(evil.id).toBeDefined();
    // the best of three tries: a busy test machine adds pauses that are not the pattern's
    // (the backtracking engine would take seconds on every try, and double per extra "a")
    for (const [n, limitMs] of [[31, 100], [5000, 1000]] as const) {
      let best = Infinity;
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = performance.now();
        const [res, health] = await Promise.all([
          api('POST', `/output-schemas/${evil.id}/validate-data`, { data: { a: `${'a'.repeat(n)}!` } }),
          t.request('GET', '/api/v1/health'),
        ]);
        best = Math.min(best, performance.now() - started);
        expect(res.status).toBe(200);
        expect(res.body.errors).toEqual([{ path: 'a', pointer: '/a', message: 'must match pattern "^(a+)+$"', keyword: 'pattern' }]);
        expect(health.status).toBe(200);
      }
      expect(best).toBeLessThan(limitMs);
    }
    const ok = await api('POST', `/output-schemas/${evil.id}/validate-data`, { data: { a: 'aaaa' } });
    expect(ok.body.valid).toBe(true);
  });

  test('patterns keep JSON Schema semantics: unanchored search, unicode classes', async () => {
    const s = (
      await api('POST', '/output-schemas/', {
        name: 'Patterns',
        schema_definition: { type: 'object', properties: { code: { type: 'string', pattern: '[0-9]{3}-\\p{Lu}' } } },
      })
    ).body;
    const check = async (v: string) => (await api('POST', `/output-schemas/${s.id}/validate-data`, { data: { code: v } })).body.valid;
    expect(await check('ref 123-Ä tail')).toBe(true);
    expect(await check('123-a')).toBe(false);
  });

  test('non-object values and a missing body are handled', async () => {
    const res = await api('POST', `/output-schemas/${id}/validate-data`, { data: [1, 2] });
    expect(res.body.errors).toEqual([{ path: '(root)', pointer: '', message: 'must be object', keyword: 'type' }]);
    expect((await api('POST', `/output-schemas/${id}/validate-data`, { data: null })).body.valid).toBe(false);
    expect((await api('POST', `/output-schemas/${id}/validate-data`, {})).status).toBe(422);
  });
});

test('llm-format renders the schema_descriptions text block', async () => {
  const s = (await api('POST', '/output-schemas/', { name: 'Invoice', schema_definition: INVOICE })).body;
  const res = await api('GET', `/output-schemas/${s.id}/llm-format`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ schema_id: s.id, name: 'Invoice', json_schema: INVOICE, field_count: 9 });
  expect(res.body.schema_descriptions.split('\n')).toEqual([
    '- invoice_number (string, required): The invoice number as printed',
    '- invoice_date (string, format: date, required): Date of issue',
    '- email (string, format: email)',
    '- total (number)',
    '- paid (boolean)',
    '- status (string, one of: "paid", "unpaid")',
    '- line_items (array of objects, required): One entry per table row',
    '  - description (string, required)',
    '  - quantity (number)',
    '- tags (array of strings)',
    '- vendor (object)',
    '  - name (string)',
    '  - website (string, format: uri)',
    '  - id (string, format: uuid)',
  ]);
});

test('usage_count counts prompts and examples that use the schema; statistics add up', async () => {
  const u = await t.registerUser();
  const s = (await api('POST', '/output-schemas/', { name: 'Used', schema_definition: INVOICE }, u)).body;
  const idle = (await api('POST', '/output-schemas/', { name: 'Idle', schema_definition: { type: 'object', properties: { a: { type: 'string' } } } }, u)).body;
  const p = (await api('POST', '/prompts/', { name: 'P', type: 'text', template: '{{ text_chunk }}', output_schema_id: s.id }, u)).body;
  await api('POST', '/examples/', { prompt_id: p.id, input_text: 'in', output_text: '{}', output_schema_id: s.id }, u);
  expect((await api('GET', `/output-schemas/${s.id}`, undefined, u)).body.usage_count).toBe(2);
  expect((await api('GET', '/output-schemas/?sort=usage_count', undefined, u)).body.schemas.map((x: any) => x.id)).toEqual([s.id, idle.id]);
  const stats = OutputSchemaStatisticsSchema.parse((await api('GET', '/output-schemas/statistics/summary', undefined, u)).body);
  expect(stats).toMatchObject({
    total_schemas: 2,
    total_fields: 10,
    average_fields: 5,
    used_schemas: 1,
    unused_schemas: 1,
    total_usage: 2,
    most_used: [{ id: s.id, name: 'Used', usage_count: 2 }],
  });
  expect(stats.field_types).toEqual({ string: 9, number: 2, boolean: 1, array: 2, object: 1 });
  // a schema in use is not deleted silently: 409 naming its users; force=true clears the references, the prompt stays
  const refused = await api('DELETE', `/output-schemas/${s.id}`, undefined, u);
  expect(refused.status).toBe(409);
  expect(refused.body.detail).toBe(
    'Output schema "Used" is in use: 1 prompt ("P"), 1 example ("P / Example 1"). Remove it from them first, or delete it anyway (force=true): prompts and examples then lose the reference; jobs keep the copy they ran with.',
  );
  expect((await api('GET', `/output-schemas/${s.id}`, undefined, u)).status).toBe(200);
  expect((await api('DELETE', `/output-schemas/${s.id}?force=maybe`, undefined, u)).status).toBe(422);
  expect((await api('DELETE', `/output-schemas/${s.id}?force=true`, undefined, u)).status).toBe(204);
  expect((await api('GET', `/prompts/${p.id}`, undefined, u)).body.output_schema_id).toBeNull();
});

test('another user\'s schema answers 404 on every route', async () => {
  const s = (await api('POST', '/output-schemas/', { name: 'Private', schema_definition: INVOICE })).body;
  for (const [method, p, json] of [
    ['GET', `/output-schemas/${s.id}`, undefined],
    ['PUT', `/output-schemas/${s.id}`, { name: 'Taken' }],
    ['DELETE', `/output-schemas/${s.id}`, undefined],
    ['POST', `/output-schemas/${s.id}/validate-data`, { data: {} }],
    ['GET', `/output-schemas/${s.id}/llm-format`, undefined],
  ] as const) {
    const res = await api(method, p, json, bob);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Output schema not found');
  }
  expect((await api('GET', '/output-schemas/', undefined, bob)).body.schemas.find((x: any) => x.id === s.id)).toBeUndefined();
  // nor can bob point his prompts or examples at it
  expect((await api('POST', '/prompts/', { name: 'P', type: 'text', template: '{{ text_chunk }}', output_schema_id: s.id }, bob)).status).toBe(404);
  expect((await api('GET', `/output-schemas/${s.id}`)).body.name).toBe('Private');
  expect((await t.request('GET', '/api/v1/output-schemas/')).status).toBe(401);
});
