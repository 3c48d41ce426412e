// Prompts, output schemas, the LLM test page and the prompt playground, in Chromium
// against the real API: a fresh user per test, data made through the API where the test is
// not about making it.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { API_URL } from '../support/env';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

type User = { email: string; password: string };

/** A tiny API client for test data (re-signs in when the short-lived token expires). */
function apiAs(user: User) {
  let token = '';
  const login = async () => {
    const res = await fetch(`${API_URL}/auth/login`, { method: 'POST', body: new URLSearchParams({ username: user.email, password: user.password }) });
    if (!res.ok) throw new Error(`login: ${res.status}`);
    token = ((await res.json()) as { access_token: string }).access_token;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test data answers are read dynamically
  const call = async <T = any>(method: string, path: string, json?: unknown): Promise<T> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!token) await login();
      const res = await fetch(`${API_URL}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: json !== undefined ? JSON.stringify(json) : undefined,
      });
      if (res.status === 401 && attempt === 0) {
        token = '';
        continue;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    }
    throw new Error('unreachable');
  };
  return { call, token: async () => (token || (await login(), token)) };
}

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await fn();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not finish: ${JSON.stringify(last)}`);
}

/** Uploads a generated text PDF, runs OCR and chunking on it through the API; answers the file id. */
async function chunkedPdf(user: User, filename: string, lines: string[]): Promise<string> {
  const api = apiAs(user);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - i * 18, size: 12, font }));
  const bytes = Buffer.from(await doc.save());
  const prep = await api.call('POST', '/uploads/prepare-upload', { files: [{ filename, size: bytes.length, mime_type: 'application/pdf' }] });
  const upload = prep.uploads[0];
  const put = await fetch(new URL(upload.signed_url, API_URL), { method: 'PUT', headers: { 'Content-Type': 'application/pdf', ...(upload.headers ?? {}) }, body: bytes });
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  const done = await api.call('POST', '/uploads/complete', { upload_session_id: prep.upload_session_id, completed_uploads: [upload.upload_id] });
  const fileId = done.results[0].file_id as string;
  const ocr = await api.call('POST', '/ocr/jobs', { file_id: fileId });
  await api.call('POST', `/ocr/jobs/${ocr.id}/start`);
  const ocrDone = await waitFor(() => api.call('GET', `/ocr/jobs/${ocr.id}`), (j) => ['completed', 'failed', 'cancelled'].includes(j.status), 'OCR');
  expect(ocrDone.status).toBe('completed');
  const chunking = await api.call('POST', '/chunking/test', { file_id: fileId, strategy: 'paragraph_based' });
  const chunked = await waitFor(() => api.call('GET', `/chunking/jobs/${chunking.job_id}`), (j) => ['completed', 'failed', 'cancelled'].includes(j.status), 'chunking');
  expect(chunked.status).toBe('completed');
  return fileId;
}

const field = (page: import('@playwright/test').Page, label: string, part: string) => page.getByLabel(`Field ${label} ${part}`, { exact: true });

test.describe('prompts', () => {
  test('a text prompt with a wrong variable is flagged, then fixed and created', async ({ page, consoleErrors }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/prompts');
    await expect(page.getByText('No prompts found')).toBeVisible();
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await expect(page).toHaveURL(/\/prompts\/new$/);
    const create = page.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();
    await page.getByRole('textbox', { name: /^Name/ }).fill('  Invoice fields  ');
    await expect(create).toBeDisabled(); // no template yet
    const template = page.getByRole('textbox', { name: /^Template/ });
    await template.fill('Fields:\n{{ schema_descriptions }}\nRows: {{ row_chunk }}\nText: {{ text_chunk }}');
    const problems = page.getByRole('list', { name: 'Invalid variables' });
    await expect(problems).toContainText('{{ row_chunk }} at line 3, column 7: Invalid variable - not available for this prompt type');
    // the preview marks it in place
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByLabel('Template preview')).toContainText('{{ row_chunk }} (Invalid variable - not available for this prompt type)');
    await page.getByRole('button', { name: 'Edit' }).click();
    await template.fill('Fields:\n{{ schema_descriptions }}\nText: {{ text_chunk }}');
    await expect(problems).toHaveCount(0);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page).toHaveURL(/\/prompts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: /Invoice fields/ })).toBeVisible();
    // listed with its preview
    await page.goto('/prompts');
    await expect(page.getByRole('link', { name: 'Invoice fields' })).toBeVisible();
    await expect(page.getByTestId('template-preview').first()).toContainText('Fields:');
    // the suite's access tokens live 15 s: a 401 answered by the silent refresh is expected, nothing else
    expect(consoleErrors.filter((e) => !e.includes('status of 401 (Unauthorized)'))).toEqual([]);
  });

  test('view and edit modes; add and delete an example', async ({ page }) => {
    const user = await registerUser();
    const api = apiAs(user);
    const prompt = await api.call('POST', '/prompts/', { name: 'Receipts', type: 'text', template: '{{ schema_descriptions }}\n{{ text_chunk }}' });
    await apiSignIn(page, user);
    await page.goto(`/prompts/${prompt.id}`);
    await page.getByRole('button', { name: 'Edit Prompt' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Receipts v2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Edit Prompt' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Receipts v2/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add example' }).click();
    const form = page.getByRole('group', { name: 'New example' });
    const save = form.getByRole('button', { name: 'Save example' });
    await form.getByRole('textbox', { name: /Input text/ }).fill('Total: 12.50');
    await expect(save).toBeDisabled(); // needs the output too
    await form.getByRole('textbox', { name: /Output text/ }).fill('{"total": 12.5}');
    await save.click();
    const example = page.getByRole('article', { name: 'Example 1' });
    await expect(example).toContainText('Total: 12.50');
    await example.getByRole('button', { name: 'Delete Example 1' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to delete this example?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(example).toHaveCount(0);
    await expect(page.getByText('No examples yet')).toBeVisible();
  });

  test('an unknown prompt shows Prompt Not Found with a link back', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/prompts/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Prompt Not Found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to prompts' }).last().click();
    await expect(page).toHaveURL(/\/prompts$/);
  });
});

test.describe('output schemas', () => {
  test('build a schema with an array and a nested object; it is listed with its fields', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/output-schemas/new');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Invoice lines');
    await page.getByRole('button', { name: 'Add field' }).click();
    await field(page, '1', 'name').fill('line_items');
    await field(page, '1', 'type').selectOption('array');
    await expect(field(page, '1', 'items')).toHaveValue('string'); // switching to array defaults items to string
    await page.getByRole('button', { name: 'Add nested field to line_items' }).click();
    await field(page, '1.1', 'name').fill('description');
    await page.getByRole('button', { name: 'Add field' }).click();
    await field(page, '2', 'name').fill('vendor');
    await field(page, '2', 'type').selectOption('object');
    await page.getByRole('button', { name: 'Add nested field to vendor' }).click();
    await field(page, '2.1', 'name').fill('name');
    await page.getByRole('checkbox', { name: 'Field 2.1 required' }).check({ force: true });
    // a string field offers no nesting
    await page.getByRole('button', { name: 'Add field' }).click();
    await field(page, '3', 'name').fill('total');
    await expect(page.getByRole('button', { name: 'Add nested field to total' })).toHaveCount(0);
    const json = page.getByRole('textbox', { name: 'JSON Schema' });
    await expect(json).toHaveValue(/"line_items": \{\s+"type": "array",\s+"items": \{\s+"type": "object"/);
    await expect(json).toHaveValue(/"vendor": \{[\s\S]*"required": \[\s+"name"\s+\]/);
    await page.getByRole('button', { name: 'Create schema' }).click();
    await expect(page).toHaveURL(/\/output-schemas$/);
    await expect(page.getByRole('link', { name: 'Invoice lines' })).toBeVisible();
    // the list reads the fields, not the JSON
    await expect(page.getByTestId('schema-summary').first()).toHaveText('3 fields: line_items, vendor, total');
  });

  test('a pasted JSON Schema fills the builder; invalid JSON is refused with its position; a sample is inferred', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/output-schemas/new');
    const json = page.getByRole('textbox', { name: 'JSON Schema' });
    await json.fill(JSON.stringify({ type: 'object', properties: { order_id: { type: 'string', pattern: '^PO-' }, lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } } }, required: ['order_id'] }, null, 2));
    await expect(field(page, '1', 'name')).toHaveValue('order_id');
    await expect(page.getByRole('checkbox', { name: 'Field 1 required' })).toBeChecked();
    await expect(field(page, '2', 'type')).toHaveValue('array');
    await expect(field(page, '2.1', 'name')).toHaveValue('sku');
    await expect(page.getByText('Kept from the JSON Schema, not shown in the builder')).toBeVisible();
    await expect(page.getByText(/order_id pattern/)).toBeVisible();
    // broken JSON: refused with the position, the builder keeps the last valid schema
    await json.fill('{\n  "type": "object",\n  "properties": { "x": }\n}');
    await expect(page.getByText(/Invalid JSON at line 3, column 24: .* not applied/)).toBeVisible();
    await expect(field(page, '1', 'name')).toHaveValue('order_id');
    // infer from a sample
    await page.getByRole('button', { name: 'Infer from a sample' }).click();
    await page.getByRole('textbox', { name: 'Sample JSON object' }).fill('{"invoice_number": "INV-9", "due": "2024-06-30", "paid": false, "items": [{"qty": 2}]}');
    await page.getByRole('button', { name: 'Infer schema' }).click();
    await expect(field(page, '1', 'name')).toHaveValue('invoice_number');
    await expect(field(page, '2', 'format')).toHaveValue('date');
    await expect(field(page, '3', 'type')).toHaveValue('boolean');
    await expect(field(page, '4.1', 'type')).toHaveValue('number');
    await expect(json).toHaveValue(/"due": \{\s+"type": "string",\s+"format": "date"/);
  });

  test('an unknown schema shows Schema Not Found; a schema in use is not deleted silently', async ({ page }) => {
    const user = await registerUser();
    const api = apiAs(user);
    await apiSignIn(page, user);
    await page.goto('/output-schemas/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Schema Not Found')).toBeVisible();
    const schema = await api.call('POST', '/output-schemas/', { name: 'Shared', schema_definition: { type: 'object', properties: { a: { type: 'string' } } } });
    await api.call('POST', '/prompts/', { name: 'Uses it', type: 'text', template: '{{ text_chunk }}', output_schema_id: schema.id });
    // validate data against the saved schema: each error at its path
    await page.goto(`/output-schemas/${schema.id}`);
    await expect(page.getByLabel('Schema info')).toContainText('1 (prompts, examples and jobs that use it)');
    await page.getByRole('textbox', { name: 'JSON data' }).fill('{"a": 42}');
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('list', { name: 'Data errors' })).toContainText('a');
    await expect(page.getByText('1 error', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'JSON data' }).fill('{"a": "text"}');
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByText('The data matches the schema.')).toBeVisible();
    await page.goto('/output-schemas');
    await page.getByRole('button', { name: 'Delete schema Shared' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toContainText('Output schema "Shared" is in use: 1 prompt ("Uses it")');
    await dialog.getByRole('button', { name: 'Delete anyway' }).click();
    await expect(page.getByText('No output schemas found')).toBeVisible();
  });
});

test.describe('LLM test and playground', () => {
  test('a simple test ends and shows in the history, labelled as the offline extractor', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/llm-test');
    await page.getByRole('button', { name: 'Run simple test' }).click();
    await expect(page.getByText('Please add at least one message with content.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Message 1 content' }).fill('Say hello');
    await page.getByRole('button', { name: 'Run simple test' }).click();
    const tasks = page.getByRole('region', { name: 'Submitted tasks' });
    // the offline extractor has nothing to extract from "Say hello": an empty answer is not a success
    await expect(tasks.getByText('EMPTY ANSWER')).toBeVisible({ timeout: 20_000 });
    await expect(tasks.getByText('SUCCESS')).toHaveCount(0);
    const history = page.getByRole('region', { name: 'History' }).or(page.locator('section[aria-label="History"]'));
    await expect(history.getByText('EMPTY ANSWER').first()).toBeVisible();
    // no key for gemini in the suite: the offline extractor answered, and says so
    await expect(history.getByText('Offline extractor — not a language model').first()).toBeVisible();
    await expect(history.getByText(/gemini is not configured on this server/).first()).toBeVisible();
  });

  test("the playground runs a prompt on an uploaded PDF's chunk and returns valid JSON", async ({ page }) => {
    test.setTimeout(120_000);
    const user = await registerUser();
    const api = apiAs(user);
    await chunkedPdf(user, 'order.pdf', ['Order number: PO-7781', 'Customer: Granite Supplies Ltd', 'Total due: 1250.50']);
    const schema = await api.call('POST', '/output-schemas/', {
      name: 'Order',
      schema_definition: { type: 'object', properties: { order_number: { type: 'string', description: 'Order number' }, customer: { type: 'string', description: 'Customer' } }, required: ['order_number'] },
    });
    const prompt = await api.call('POST', '/prompts/', { name: 'Orders', type: 'text', template: 'Fields:\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}', output_schema_id: schema.id });
    await apiSignIn(page, user);
    await page.goto(`/prompts/${prompt.id}`);
    const playground = page.getByRole('region', { name: 'Playground' }).or(page.locator('section[aria-label="Playground"]'));
    await playground.getByRole('combobox', { name: 'Document' }).selectOption({ label: 'order.pdf' });
    const chunkSelect = playground.getByRole('combobox', { name: 'Chunk' });
    await expect(chunkSelect.locator('option')).toHaveCount(2);
    await chunkSelect.selectOption({ index: 1 });
    await expect(playground.getByLabel('Chunk text')).toContainText('PO-7781');
    await playground.getByRole('combobox', { name: 'Provider' }).selectOption('offline');
    await playground.getByRole('button', { name: 'Run on this chunk' }).click();
    await expect(playground.getByText('Valid against the schema')).toBeVisible({ timeout: 30_000 });
    await expect(playground.getByLabel('JSON returned')).toContainText('"order_number": "PO-7781"');
    await expect(playground.getByText('Offline extractor (no language model)')).toBeVisible();
    await expect(playground.getByText('Nothing was stored: this run is not an extraction result.')).toBeVisible();
  });
});
