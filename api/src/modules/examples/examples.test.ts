/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Examples: CRUD, validation against the applicable schema, by-prompt, by-schema, cross-user 404s.
import { ExampleListResponseSchema, ExampleSchema } from '@quarry/shared/schemas';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let prompt: any;
let schema: any;

const SCHEMA = {
  type: 'object',
  properties: { vendor: { type: 'string' }, total: { type: 'number' }, items: { type: 'array', items: { type: 'object', properties: { qty: { type: 'number' } }, required: ['qty'] } } },
  required: ['vendor', 'total'],
};

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
  schema = (await api('POST', '/output-schemas/', { name: 'Receipt', schema_definition: SCHEMA })).body;
  prompt = (await api('POST', '/prompts/', { name: 'Receipts', type: 'text', template: '{{ schema_descriptions }} {{ text_chunk }}' })).body;
});
afterAll(() => t.close());

function api(method: string, p: string, json?: unknown, u: TestUser = alice) {
  return t.request(method, `/api/v1${p}`, { token: u.token, json });
}

describe('CRUD', () => {
  test('create (name defaults), get, list, update, delete', async () => {
    const p = (await api('POST', '/prompts/', { name: 'P', type: 'text', template: '{{ text_chunk }}' })).body;
    const first = await api('POST', '/examples/', { prompt_id: p.id, input_text: 'ACME 12.50', output_text: '{"vendor":"ACME","total":12.5}' });
    expect(first.status).toBe(201);
    expect(ExampleSchema.parse(first.body)).toMatchObject({ prompt_id: p.id, name: 'Example 1', is_validated: false, output_schema_id: null, validation_errors: null });
    const second = (await api('POST', '/examples/', { prompt_id: p.id, name: ' Named ', input_text: 'b', output_text: '{}' })).body;
    expect(second.name).toBe('Named');
    const third = (await api('POST', '/examples/', { prompt_id: p.id, input_text: 'c', output_text: '{}' })).body;
    expect(third.name).toBe('Example 3');
    expect((await api('GET', `/examples/${first.body.id}`)).body).toEqual(first.body);

    const byPrompt = ExampleListResponseSchema.parse((await api('GET', `/examples/by-prompt/${p.id}`)).body);
    expect(byPrompt.total_count).toBe(3);
    expect(byPrompt.examples.map((e) => e.id)).toEqual([third.id, second.id, first.body.id]);
    expect((await api('GET', `/examples/by-prompt/${p.id}?limit=1&offset=2`)).body.examples.map((e: any) => e.id)).toEqual([first.body.id]);
    expect((await api('GET', `/examples/?prompt_id=${p.id}`)).body.total_count).toBe(3);
    expect((await api('GET', '/examples/')).body.total_count).toBeGreaterThanOrEqual(3);

    const updated = await api('PUT', `/examples/${second.id}`, { name: 'Renamed', output_text: '{"vendor":"B","total":1}' });
    expect(updated.body).toMatchObject({ name: 'Renamed', output_text: '{"vendor":"B","total":1}' });
    expect((await api('DELETE', `/examples/${third.id}`)).status).toBe(204);
    expect((await api('GET', `/examples/${third.id}`)).status).toBe(404);
    expect((await api('DELETE', `/examples/${third.id}`)).status).toBe(404);
  });

  test('input and output text are required; the prompt must be the caller\'s', async () => {
    const cases: [unknown, string, string][] = [
      [{ prompt_id: prompt.id, output_text: '{}' }, 'input_text', 'Input text is required'],
      [{ prompt_id: prompt.id, input_text: '  ', output_text: '{}' }, 'input_text', 'Input text is required'],
      [{ prompt_id: prompt.id, input_text: 'x' }, 'output_text', 'Output text is required'],
      [{ prompt_id: prompt.id, input_text: 'x', output_text: '' }, 'output_text', 'Output text is required'],
      [{ input_text: 'x', output_text: '{}' }, 'prompt_id', 'Field required'],
      [{ prompt_id: 'p1', input_text: 'x', output_text: '{}' }, 'prompt_id', ''],
      [{ prompt_id: prompt.id, input_text: 'x', output_text: '{}', name: '  ' }, 'name', 'Example name must not be blank'],
    ];
    for (const [json, field, msg] of cases) {
      const res = await api('POST', '/examples/', json);
      expect(res.status).toBe(422);
      const item = res.body.detail.find((d: any) => d.loc[1] === field);
      if (!item) throw new Error(`no error for ${field}: ${JSON.stringify(res.body)}`);
      if (msg) expect(item.msg).toBe(msg);
    }
    const unknown = await api('POST', '/examples/', { prompt_id: '00000000-0000-4000-8000-000000000000', input_text: 'x', output_text: '{}' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Prompt not found');
    const ex = (await api('POST', '/examples/', { prompt_id: prompt.id, input_text: 'x', output_text: '{}' })).body;
    expect((await api('PUT', `/examples/${ex.id}`, {})).status).toBe(422);
    expect((await api('PUT', `/examples/${ex.id}`, { input_text: '' })).body.detail[0].msg).toBe('Input text is required');
  });
});

describe('POST /examples/{id}/validate', () => {
  test('against the example\'s schema: every error with its path; is_validated follows', async () => {
    const ex = (await api('POST', '/examples/', { prompt_id: prompt.id, input_text: 'ACME', output_text: '{"total":"12","items":[{}]}', output_schema_id: schema.id })).body;
    const res = await api('POST', `/examples/${ex.id}/validate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: false, schema_source: 'example_output_schema' });
    expect(res.body.errors).toEqual([
      { path: 'output_text.vendor', message: 'is required' },
      { path: 'output_text.total', message: 'must be number' },
      { path: 'output_text.items[0].qty', message: 'is required' },
    ]);
    expect(res.body.example).toMatchObject({ is_validated: false, validation_errors: res.body.errors, validated_at: expect.any(String) });
    await api('PUT', `/examples/${ex.id}`, { output_text: '{"vendor":"ACME","total":12,"items":[{"qty":1}]}' });
    const ok = await api('POST', `/examples/${ex.id}/validate`);
    expect(ok.body).toMatchObject({ valid: true, errors: [], example: { is_validated: true, validation_errors: null } });
    // editing the output clears is_validated; renaming does not
    expect((await api('PUT', `/examples/${ex.id}`, { name: 'renamed' })).body.is_validated).toBe(true);
    expect((await api('PUT', `/examples/${ex.id}`, { output_text: '{"vendor":"X","total":1}' })).body).toMatchObject({ is_validated: false, validated_at: null });
  });

  test('falls back to the prompt\'s output schema, then its schema_definition, then JSON only', async () => {
    const viaPrompt = (await api('POST', '/prompts/', { name: 'Linked', type: 'text', template: '{{ text_chunk }}', output_schema_id: schema.id })).body;
    const ex1 = (await api('POST', '/examples/', { prompt_id: viaPrompt.id, input_text: 'x', output_text: '{"vendor":"A"}' })).body;
    const r1 = (await api('POST', `/examples/${ex1.id}/validate`)).body;
    expect(r1).toMatchObject({ valid: false, schema_source: 'prompt_output_schema', errors: [{ path: 'output_text.total', message: 'is required' }] });

    const inline = (await api('POST', '/prompts/', { name: 'Inline', type: 'text', template: '{{ text_chunk }}', schema_definition: { type: 'object', properties: { n: { type: 'number' } } } })).body;
    const ex2 = (await api('POST', '/examples/', { prompt_id: inline.id, input_text: 'x', output_text: '{"n":"one"}' })).body;
    expect((await api('POST', `/examples/${ex2.id}/validate`)).body).toMatchObject({ schema_source: 'prompt_schema_definition', errors: [{ path: 'output_text.n', message: 'must be number' }] });

    const bare = (await api('POST', '/examples/', { prompt_id: prompt.id, input_text: 'x', output_text: '{"anything": true}' })).body;
    expect((await api('POST', `/examples/${bare.id}/validate`)).body).toMatchObject({ valid: true, schema_source: null });
    const notJson = (await api('POST', '/examples/', { prompt_id: prompt.id, input_text: 'x', output_text: '{vendor: ACME}' })).body;
    const r = (await api('POST', `/examples/${notJson.id}/validate`)).body;
    expect(r.valid).toBe(false);
    expect(r.errors[0].path).toBe('output_text');
    expect(r.errors[0].message).toMatch(/^is not valid JSON: /);
    const rootWrong = (await api('POST', '/examples/', { prompt_id: viaPrompt.id, input_text: 'x', output_text: '[1]' })).body;
    expect((await api('POST', `/examples/${rootWrong.id}/validate`)).body.errors).toEqual([{ path: 'output_text', message: 'must be object' }]);
  });
});

test('by-schema lists examples using the schema directly or through their prompt', async () => {
  const u = await t.registerUser();
  const s = (await api('POST', '/output-schemas/', { name: 'S', schema_definition: SCHEMA }, u)).body;
  const other = (await api('POST', '/output-schemas/', { name: 'O', schema_definition: SCHEMA }, u)).body;
  const linked = (await api('POST', '/prompts/', { name: 'L', type: 'text', template: '{{ text_chunk }}', output_schema_id: s.id }, u)).body;
  const plain = (await api('POST', '/prompts/', { name: 'P', type: 'text', template: '{{ text_chunk }}' }, u)).body;
  const direct = (await api('POST', '/examples/', { prompt_id: plain.id, input_text: 'x', output_text: '{}', output_schema_id: s.id }, u)).body;
  const inherited = (await api('POST', '/examples/', { prompt_id: linked.id, input_text: 'x', output_text: '{}' }, u)).body;
  await api('POST', '/examples/', { prompt_id: linked.id, input_text: 'x', output_text: '{}', output_schema_id: other.id }, u);
  await api('POST', '/examples/', { prompt_id: plain.id, input_text: 'x', output_text: '{}' }, u);
  const res = await api('GET', `/examples/by-schema/${s.id}`, undefined, u);
  expect(res.status).toBe(200);
  expect(res.body.total_count).toBe(2);
  expect(res.body.examples.map((e: any) => e.id).sort()).toEqual([direct.id, inherited.id].sort());
  expect((await api('GET', `/examples/by-schema/${other.id}`, undefined, u)).body.total_count).toBe(1);
  expect((await api('GET', `/examples/by-schema/${s.id}?limit=0`, undefined, u)).status).toBe(422);
});

test('another user\'s examples, prompts and schemas answer 404 on every route', async () => {
  const ex = (await api('POST', '/examples/', { prompt_id: prompt.id, input_text: 'x', output_text: '{}', output_schema_id: schema.id })).body;
  for (const [method, p, json, detail] of [
    ['GET', `/examples/${ex.id}`, undefined, 'Example not found'],
    ['PUT', `/examples/${ex.id}`, { name: 'Taken' }, 'Example not found'],
    ['DELETE', `/examples/${ex.id}`, undefined, 'Example not found'],
    ['POST', `/examples/${ex.id}/validate`, undefined, 'Example not found'],
    ['GET', `/examples/by-prompt/${prompt.id}`, undefined, 'Prompt not found'],
    ['GET', `/examples/by-schema/${schema.id}`, undefined, 'Output schema not found'],
    ['POST', '/examples/', { prompt_id: prompt.id, input_text: 'x', output_text: '{}' }, 'Prompt not found'],
  ] as const) {
    const res = await api(method, p, json, bob);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(detail);
  }
  expect((await api('GET', `/examples/?prompt_id=${prompt.id}`, undefined, bob)).body.total_count).toBe(0);
  const bobPrompt = (await api('POST', '/prompts/', { name: 'Bob', type: 'text', template: '{{ text_chunk }}' }, bob)).body;
  expect((await api('POST', '/examples/', { prompt_id: bobPrompt.id, input_text: 'x', output_text: '{}', output_schema_id: schema.id }, bob)).status).toBe(404);
  expect((await api('GET', `/examples/${ex.id}`)).status).toBe(200);
  expect((await t.request('GET', '/api/v1/examples/')).status).toBe(401);
});
