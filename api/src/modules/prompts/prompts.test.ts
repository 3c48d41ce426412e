/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Prompts: CRUD, variables derived from the template, the per-type variable rules,
// statistics, cross-user 404s.
import { PromptListResponseSchema, PromptSchema, PromptStatisticsSchema } from '@quarry/shared/schemas';
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

const TABLE = 'Extract rows.\n{{ schema_descriptions }}\n{{table_description}}\nHeader: {{ header }}\n{% for r in row_chunk %}{{ r }}{% endfor %}';
const TEXT = 'Fields:\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk | trim }}';

describe('POST /prompts/validate', () => {
  const check = async (template: string, type: string) => {
    const res = await api('POST', '/prompts/validate', { template, type });
    expect(res.status).toBe(200);
    return res.body;
  };

  test('table prompts may use schema_descriptions, header, table_description, row_chunk', async () => {
    expect(await check(TABLE, 'table')).toEqual({
      valid: true,
      variables: ['schema_descriptions', 'table_description', 'header', 'row_chunk'],
      allowed_variables: ['schema_descriptions', 'header', 'table_description', 'row_chunk'],
      invalid_variables: [],
      errors: [],
    });
  });

  test('text prompts may use schema_descriptions and text_chunk only', async () => {
    expect((await check(TEXT, 'text')).valid).toBe(true);
    const res = await check('{{ text_chunk }} {{ row_chunk }} {{ header }} {{customer.name}}', 'text');
    expect(res.valid).toBe(false);
    expect(res.invalid_variables).toEqual([
      { name: 'row_chunk', message: 'Invalid variable - not available for this prompt type' },
      { name: 'header', message: 'Invalid variable - not available for this prompt type' },
      { name: 'customer', message: 'Invalid variable - not available for this prompt type' },
    ]);
    expect(res.allowed_variables).toEqual(['schema_descriptions', 'text_chunk']);
  });

  test('the same template is judged by its type', async () => {
    expect((await check('{{ text_chunk }}', 'table')).invalid_variables.map((v: any) => v.name)).toEqual(['text_chunk']);
    expect((await check('{{ row_chunk }}', 'text')).invalid_variables.map((v: any) => v.name)).toEqual(['row_chunk']);
    expect((await check('No variables at all.', 'text'))).toMatchObject({ valid: true, variables: [] });
  });

  test('syntax errors, empty templates and bad bodies', async () => {
    const broken = await check('{{ text_chunk ', 'text');
    expect(broken.valid).toBe(false);
    expect(broken.errors[0]).toMatch(/^Template syntax error: unclosed "\{\{"/);
    const unbalanced = await check('{% if text_chunk %}x', 'text');
    expect(unbalanced.errors[0]).toMatch(/endif/);
    expect(await check('   ', 'text')).toMatchObject({ valid: false, errors: ['Template is required'] });
    expect((await api('POST', '/prompts/validate', { template: 'x', type: 'image' })).status).toBe(422);
    expect((await api('POST', '/prompts/validate', { type: 'text' })).status).toBe(422);
  });
});

describe('CRUD', () => {
  test('create derives variables; get, list (type, search, paging), update, delete', async () => {
    const u = await t.registerUser();
    const created = await api('POST', '/prompts/', { name: ' Invoice rows ', description: 'rows', type: 'table', template: TABLE }, u);
    expect(created.status).toBe(201);
    const p = PromptSchema.parse(created.body);
    expect(p).toMatchObject({
      name: 'Invoice rows',
      type: 'table',
      variables: ['schema_descriptions', 'table_description', 'header', 'row_chunk'],
      invalid_variables: [],
      schema_definition: null,
      output_schema_id: null,
      example_count: 0,
    });
    const text = (await api('POST', '/prompts/', { name: 'Letters', type: 'text', template: TEXT }, u)).body;
    // invalid variables do not block saving (the editor flags them), they are reported
    const odd = (await api('POST', '/prompts/', { name: 'Odd', type: 'text', template: '{{ text_chunk }} {{ page_number }}' }, u)).body;
    expect(odd.invalid_variables).toEqual(['page_number']);
    expect((await api('GET', `/prompts/${p.id}`, undefined, u)).body).toEqual(created.body);

    const list = PromptListResponseSchema.parse((await api('GET', '/prompts/', undefined, u)).body);
    expect(list).toMatchObject({ total_count: 3 });
    expect(list.prompts.map((x) => x.id)).toEqual([odd.id, text.id, p.id]);
    expect((await api('GET', '/prompts/?type=table', undefined, u)).body.prompts.map((x: any) => x.id)).toEqual([p.id]);
    expect((await api('GET', '/prompts/?search=letters', undefined, u)).body.prompts.map((x: any) => x.id)).toEqual([text.id]);
    expect((await api('GET', '/prompts/?search=page_number', undefined, u)).body.prompts.map((x: any) => x.id)).toEqual([odd.id]);
    expect((await api('GET', '/prompts/?offset=0&limit=100', undefined, u)).body.total_count).toBe(3);
    expect((await api('GET', '/prompts/?limit=1&offset=1', undefined, u)).body.prompts.map((x: any) => x.id)).toEqual([text.id]);
    expect((await api('GET', '/prompts/?type=image', undefined, u)).status).toBe(422);

    const updated = await api('PUT', `/prompts/${text.id}`, { template: 'Only {{ text_chunk }}', type: 'table' }, u);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ template: 'Only {{ text_chunk }}', type: 'table', variables: ['text_chunk'], invalid_variables: ['text_chunk'] });
    const back = await api('PUT', `/prompts/${text.id}`, { type: 'text', description: null }, u);
    expect(back.body).toMatchObject({ invalid_variables: [], description: null });
    expect((await api('DELETE', `/prompts/${text.id}`, undefined, u)).status).toBe(204);
    expect((await api('GET', `/prompts/${text.id}`, undefined, u)).status).toBe(404);
    expect((await api('DELETE', `/prompts/${text.id}`, undefined, u)).status).toBe(404);
  });

  test('validation: name and template required, template must parse, schema_definition checked', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: '  ', type: 'text', template: 'x' }, 'name', 'Prompt name is required'],
      [{ type: 'text', template: 'x' }, 'name', 'Prompt name is required'],
      [{ name: 'n', type: 'text', template: '   ' }, 'template', 'Template is required'],
      [{ name: 'n', type: 'text' }, 'template', 'Template is required'],
      [{ name: 'n', type: 'image', template: 'x' }, 'type', 'type must be "table" or "text"'],
      [{ name: 'n', template: 'x' }, 'type', 'type must be "table" or "text"'],
      [{ name: 'n', type: 'text', template: '{{ text_chunk' }, 'template', 'Template syntax error: unclosed "{{"'],
      [{ name: 'n', type: 'text', template: 'x', schema_definition: { type: 'object', properties: { a: { type: 'integer' } } } }, 'schema_definition', ''],
      [{ name: 'n', type: 'text', template: 'x', id: 'mine' }, 'id', 'Extra inputs are not permitted'],
    ];
    for (const [json, field, msg] of cases) {
      const res = await api('POST', '/prompts/', json);
      expect(res.status).toBe(422);
      const item = res.body.detail.find((d: any) => d.loc[1] === field);
      if (!item) throw new Error(`no error for ${field}: ${JSON.stringify(res.body)}`);
      if (msg) expect(item.msg.startsWith(msg)).toBe(true);
    }
    const p = (await api('POST', '/prompts/', { name: 'ok', type: 'text', template: 'x' })).body;
    expect((await api('PUT', `/prompts/${p.id}`, {})).status).toBe(422);
    expect((await api('PUT', `/prompts/${p.id}`, { template: '{% for x in %}' })).status).toBe(422);
    const withSchema = await api('PUT', `/prompts/${p.id}`, { schema_definition: { type: 'object', properties: { total: { type: 'number' } } } });
    expect(withSchema.body.schema_definition).toEqual({ type: 'object', properties: { total: { type: 'number' } } });
    expect((await api('PUT', `/prompts/${p.id}`, { schema_definition: null })).body.schema_definition).toBeNull();
    expect((await api('POST', '/prompts/', { name: 'n', type: 'text', template: 'x', output_schema_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  test('deleting a prompt deletes its examples', async () => {
    const p = (await api('POST', '/prompts/', { name: 'With examples', type: 'text', template: TEXT })).body;
    const ex = (await api('POST', '/examples/', { prompt_id: p.id, input_text: 'in', output_text: '{}' })).body;
    expect((await api('GET', `/prompts/${p.id}`)).body.example_count).toBe(1);
    await api('DELETE', `/prompts/${p.id}`);
    expect((await api('GET', `/examples/${ex.id}`)).status).toBe(404);
  });
});

test('statistics/summary', async () => {
  const u = await t.registerUser();
  const schema = (await api('POST', '/output-schemas/', { name: 'S', schema_definition: { type: 'object', properties: { a: { type: 'string' } } } }, u)).body;
  const a = (await api('POST', '/prompts/', { name: 'A', type: 'table', template: TABLE, output_schema_id: schema.id }, u)).body;
  await api('POST', '/prompts/', { name: 'B', type: 'text', template: TEXT, schema_definition: { type: 'object', properties: { x: { type: 'string' } } } }, u);
  await api('POST', '/prompts/', { name: 'C', type: 'text', template: '{{ text_chunk }}{{ header }}' }, u);
  const ex = (await api('POST', '/examples/', { prompt_id: a.id, input_text: 'in', output_text: '{"a": "x"}' }, u)).body;
  await api('POST', '/examples/', { prompt_id: a.id, input_text: 'in', output_text: 'not json' }, u);
  await api('POST', `/examples/${ex.id}/validate`, undefined, u);
  const stats = PromptStatisticsSchema.parse((await api('GET', '/prompts/statistics/summary', undefined, u)).body);
  expect(stats).toEqual({
    total_prompts: 3,
    by_type: { table: 1, text: 2 },
    with_output_schema: 1,
    with_schema_definition: 1,
    with_invalid_variables: 1,
    total_examples: 2,
    validated_examples: 1,
    variable_usage: { schema_descriptions: 2, table_description: 1, header: 2, row_chunk: 1, text_chunk: 2 },
  });
});

test('another user\'s prompt answers 404 on every route', async () => {
  const p = (await api('POST', '/prompts/', { name: 'Private', type: 'text', template: TEXT })).body;
  for (const [method, path, json] of [
    ['GET', `/prompts/${p.id}`, undefined],
    ['PUT', `/prompts/${p.id}`, { name: 'Taken' }],
    ['DELETE', `/prompts/${p.id}`, undefined],
  ] as const) {
    const res = await api(method, path, json, bob);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Prompt not found');
  }
  expect((await api('GET', '/prompts/', undefined, bob)).body.prompts).toEqual([]);
  expect((await api('GET', '/prompts/statistics/summary', undefined, bob)).body.total_prompts).toBe(0);
  expect((await api('GET', `/prompts/${p.id}`)).body.name).toBe('Private');
  expect((await t.request('GET', '/api/v1/prompts/')).status).toBe(401);
});
