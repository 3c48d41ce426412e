// extractChunk() over real HTTP to a local fake OpenAI-compatible server, and with the offline provider.
import { LlmAbortedError } from '../../llm/errors';
import { OfflineProvider } from '../../llm/offline';
import { OpenAiProvider } from '../../llm/openai';
import { startFakeServer, type FakeHandler, type FakeServer, type RecordedRequest } from '../../llm/testing/fake-server';
import type { JSONSchema } from '../../llm/types';
import { DEFAULT_SYSTEM_PROMPT, extractChunk, type ExtractionPrompt } from './extract';
import { missingRequired, withoutRequired } from './validate';
import type { ExtractionChunk } from './table';

const schema: JSONSchema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    total: { type: 'number' },
    line_items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, quantity: { type: 'integer' }, unit_price: { type: 'number' }, amount: { type: 'number' } },
        required: ['description', 'quantity'],
      },
    },
  },
  required: ['invoice_number', 'total'],
};

const textPrompt: ExtractionPrompt = { type: 'text', template: 'Extract these fields:\n{{ schema_descriptions }}\n\nDocument:\n{{ text_chunk }}' };
const tablePrompt: ExtractionPrompt = {
  type: 'table',
  template: 'Table: {{ table_description }}\nHeader: {{ header }}\nRows:\n{{ row_chunk }}\nFields:\n{{ schema_descriptions }}',
};

const completion = (content: string, tokens = 100) => ({
  json: { model: 'fake-model', choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }], usage: { prompt_tokens: tokens - 10, completion_tokens: 10, total_tokens: tokens } },
});

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function fakeProvider(handler: FakeHandler) {
  server = await startFakeServer(handler);
  return new OpenAiProvider({ baseUrl: server.url, model: 'fake-model', apiKey: 'k', timeoutMs: 3000, retry: { maxAttempts: 1 } });
}

const lastUser = (req: RecordedRequest): string => {
  const users = (req.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user');
  return users[users.length - 1]!.content;
};
/** the table prompt of a request (a re-ask ends with the correction message, the prompt is before it) */
const tableRequest = (req: RecordedRequest): string =>
  (req.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user' && m.content.includes('Rows:')).at(-1)!.content;

// ------------------------------------------------------------------ a generated 60-row table chunk

interface Row {
  description: string;
  quantity: number;
  unit_price: number;
  amount: number;
}
const ROWS: Row[] = Array.from({ length: 60 }, (_, i) => {
  const quantity = (i % 7) + 1;
  const unit_price = Math.round((i * 1.37 + 2) * 100) / 100;
  return { description: `Part ${String(i + 1).padStart(3, '0')} steel`, quantity, unit_price, amount: Math.round(quantity * unit_price * 100) / 100 };
});
const rowLine = (r: Row) => `${r.description.padEnd(22)}${String(r.quantity).padStart(5)}${r.unit_price.toFixed(2).padStart(10)}${r.amount.toFixed(2).padStart(10)}`;
const FIRST_LINE = 101;
function tableChunk(rows: Row[] = ROWS): ExtractionChunk {
  const lines = ['Line items (continued)', `${'Description'.padEnd(22)}${'Qty'.padStart(5)}${'Price'.padStart(10)}${'Amount'.padStart(10)}`, ...rows.map(rowLine)];
  return {
    chunk_type: 'table',
    content: lines.join('\n'),
    start_line: FIRST_LINE,
    metadata: {
      llm_start_line: FIRST_LINE,
      tables_found: 1,
      table_structure: [
        {
          start: FIRST_LINE,
          end: FIRST_LINE + lines.length - 1,
          parts: [
            { role: 'description', start: FIRST_LINE, end: FIRST_LINE },
            { role: 'header', start: FIRST_LINE + 1, end: FIRST_LINE + 1 },
            ...rows.map((_, i) => ({ role: 'body', start: FIRST_LINE + 2 + i, end: FIRST_LINE + 2 + i })),
          ],
        },
      ],
    },
  };
}

/** what a model would answer for the rows in a table request */
function rowsFromPrompt(prompt: string): Row[] {
  const block = /Rows:\n([\s\S]*?)\nFields:/.exec(prompt)![1]!;
  return block
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^(.*?)\s{2,}(\d+)\s+([\d.]+)\s+([\d.]+)$/.exec(line)!;
      return { description: m[1]!.trim(), quantity: Number(m[2]), unit_price: Number(m[3]), amount: Number(m[4]) };
    });
}

describe('extractChunk: text chunks', () => {
  test('messages: system, few-shot pair, rendered text prompt; valid answer completes in one call', async () => {
    const provider = await fakeProvider(() => completion('{"invoice_number":"INV-7","total":12.5}', 150));
    const result = await extractChunk({
      chunk: { chunk_type: 'text', content: 'Invoice Number: INV-7\nTotal: 12.50' },
      prompt: textPrompt,
      schema,
      example: { input_text: 'Invoice Number: A-1\nTotal: 1.00', output_text: '{"invoice_number":"A-1","total":1}' },
      provider,
    });
    expect(result).toMatchObject({
      status: 'completed',
      extracted_data: { invoice_number: 'INV-7', total: 12.5 },
      error_message: null,
      tokens_used: 150,
      attempts: 1,
      mode: 'text',
      prompt_type: 'text',
      provider: 'openai',
      model: 'fake-model',
      offline: false,
      warnings: [],
    });
    const messages = server!.requests[0]!.body.messages;
    expect(messages).toHaveLength(4);
    expect(messages[0]).toEqual({ role: 'system', content: DEFAULT_SYSTEM_PROMPT });
    expect(messages[1].role).toBe('user');
    expect(messages[1].content).toContain('Document:\nInvoice Number: A-1\nTotal: 1.00');
    expect(messages[2]).toEqual({ role: 'assistant', content: '{"invoice_number":"A-1","total":1}' });
    expect(messages[3].content).toBe(
      'Extract these fields:\n- invoice_number (string, required)\n- total (number, required)\n- line_items (array of objects)\n  - description (string, required)\n  - quantity (integer, required)\n  - unit_price (number)\n  - amount (number)\n\nDocument:\nInvoice Number: INV-7\nTotal: 12.50',
    );
    expect(server!.requests[0]!.body.response_format.type).toBe('json_schema');
  });

  test('schema-invalid answer: re-asked once with the validation errors, second answer accepted', async () => {
    const provider = await fakeProvider((_r, i) => (i === 0 ? completion('{"invoice_number":"INV-7","total":"12.50 USD"}') : completion('{"invoice_number":"INV-7","total":12.5}')));
    const result = await extractChunk({ chunk: { chunk_type: 'text', content: 'Total: 12.50 USD' }, prompt: textPrompt, schema, provider });
    expect(result.status).toBe('completed');
    expect(result.extracted_data).toEqual({ invoice_number: 'INV-7', total: 12.5 });
    expect(result.attempts).toBe(2);
    expect(result.tokens_used).toBe(200);
    const followUp = server!.requests[1]!.body.messages as { role: string; content: string }[];
    expect(followUp[followUp.length - 2]).toEqual({ role: 'assistant', content: '{"invoice_number":"INV-7","total":"12.50 USD"}' });
    expect(followUp[followUp.length - 1]!.content).toContain('- total must be number');
  });

  test('invalid twice: failed with the validation errors after exactly one retry', async () => {
    const provider = await fakeProvider(() => completion('{"total":"n/a"}'));
    const result = await extractChunk({ chunk: { chunk_type: 'text', content: 'x' }, prompt: textPrompt, schema, provider });
    expect(result.status).toBe('failed');
    expect(result.attempts).toBe(2);
    expect(server!.requests).toHaveLength(2);
    expect(result.error_message).toContain('after a corrective retry');
    // types are checked per chunk; `required` is the document's (checked on the file's unified record)
    expect(result.error_message).not.toContain('required property');
    expect(result.error_message).toContain('total must be number');
    expect(result.tokens_used).toBe(200);
    expect(result.extracted_data).toEqual({ total: 'n/a' });
  });

  test('invalid JSON (even after the retry) fails with a readable error; fenced JSON is accepted', async () => {
    const provider = await fakeProvider((_r, i) => (i < 2 ? completion('Sorry, I cannot find it') : completion('```json\n{"invoice_number":"F","total":3}\n```')));
    const bad = await extractChunk({ chunk: { chunk_type: 'text', content: 'x' }, prompt: textPrompt, schema, provider });
    expect(bad.status).toBe('failed');
    expect(bad.error_message).toMatch(/invalid JSON.*not valid JSON/);
    expect(server!.requests[1]!.body.messages.at(-1).content).toContain('the answer is not valid JSON');
    const good = await extractChunk({ chunk: { chunk_type: 'text', content: 'x' }, prompt: textPrompt, schema, provider });
    expect(good).toMatchObject({ status: 'completed', extracted_data: { invoice_number: 'F', total: 3 }, attempts: 1 });
  });

  test('provider errors fail the chunk without a re-ask; a bad template or schema fails before any call', async () => {
    const provider = await fakeProvider(() => ({ status: 500, json: { error: { message: 'boom' } } }));
    const r = await extractChunk({ chunk: { chunk_type: 'text', content: 'x' }, prompt: textPrompt, schema, provider });
    expect(r.status).toBe('failed');
    expect(r.error_message).toContain('HTTP 500: boom');
    expect(server!.requests).toHaveLength(1);

    const bad = await extractChunk({ chunk: { chunk_type: 'text', content: 'x' }, prompt: { type: 'text', template: '{{ text_chunk }} {{ header }}' }, schema, provider });
    expect(bad).toMatchObject({ status: 'failed', attempts: 0 });
    expect(bad.error_message).toBe('Invalid variable for a text prompt: header (allowed: schema_descriptions, text_chunk)');
    const badSchema = await extractChunk({ chunk: { chunk_type: 'text', content: 'x' }, prompt: textPrompt, schema: { type: 'objekt' }, provider });
    expect(badSchema.status).toBe('failed');
    expect(badSchema.error_message).toMatch(/^Invalid output schema/);
    expect(server!.requests).toHaveLength(1);
  });

  test('a prompt without {{ text_chunk }} gets the content appended, with a warning', async () => {
    const provider = await fakeProvider(() => completion('{"invoice_number":"I","total":1}'));
    const r = await extractChunk({ chunk: { chunk_type: 'text', content: 'THE CONTENT' }, prompt: { type: 'text', template: 'Extract: {{ schema_descriptions }}' }, schema, provider, systemPrompt: null });
    expect(r.status).toBe('completed');
    expect(r.warnings[0]).toMatch(/does not use \{\{ text_chunk \}\}/);
    const messages = server!.requests[0]!.body.messages;
    expect(messages).toHaveLength(1);
    expect(messages[0].content.endsWith('\n\nTHE CONTENT')).toBe(true);
  });

  test('cancellation rejects with LlmAbortedError', async () => {
    const provider = await fakeProvider(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(extractChunk({ chunk: { chunk_type: 'text', content: 'x' }, prompt: textPrompt, schema, provider, signal: controller.signal })).rejects.toBeInstanceOf(LlmAbortedError);
  });
});

describe('extractChunk: table chunks in row batches', () => {
  test('60 rows in batches of 25: 3 requests with header/description/rows, merged completely and in order', async () => {
    const provider = await fakeProvider((req) => completion(JSON.stringify({ line_items: rowsFromPrompt(lastUser(req)) })));
    const progress: unknown[] = [];
    const r = await extractChunk({ chunk: tableChunk(), prompt: textPrompt, tablePrompt, schema, provider, onProgress: (e) => progress.push(e) });
    expect(r.status).toBe('completed');
    expect(r.mode).toBe('table');
    expect(r.batches).toBe(3);
    expect(r.rows_expected).toBe(60);
    expect(r.rows_extracted).toBe(60);
    expect(r.missing_rows).toEqual([]);
    expect((r.extracted_data as { line_items: Row[] }).line_items).toEqual(ROWS);
    expect(server!.requests).toHaveLength(3);
    const sizes = server!.requests.map((q) => rowsFromPrompt(lastUser(q)).length);
    expect(sizes).toEqual([25, 25, 10]);
    const first = lastUser(server!.requests[0]!);
    expect(first).toContain('Table: Line items (continued)');
    expect(first).toContain('Header: Description             Qty     Price    Amount');
    expect(first).toContain('- line_items (array of objects)');
    expect(r.tokens_used).toBe(300);
    expect(progress).toHaveLength(3);
    // batches are validated without the document-level required fields (invoice_number, total)
    expect(r.error_message).toBeNull();
  });

  test('a batch that skips a row: the missing row alone is re-asked and merged back in place', async () => {
    const provider = await fakeProvider((req, i) => {
      let rows = rowsFromPrompt(lastUser(req));
      if (i === 1) rows = rows.filter((row) => row.description !== 'Part 040 steel');
      return completion(JSON.stringify({ line_items: rows }));
    });
    const r = await extractChunk({ chunk: tableChunk(), prompt: textPrompt, tablePrompt, schema, provider, batchSize: 25 });
    expect(r.status).toBe('completed');
    expect(r.rows_extracted).toBe(60);
    expect((r.extracted_data as { line_items: Row[] }).line_items).toEqual(ROWS);
    expect(server!.requests).toHaveLength(4);
    const retry = lastUser(server!.requests[2]!);
    expect(rowsFromPrompt(retry).map((x) => x.description)).toEqual(['Part 040 steel']);
    expect(retry).toContain('Extract every one of the 1 row above');
    expect(r.attempts).toBe(4);
  });

  test('a row still missing after the re-ask is reported with its line, never dropped silently', async () => {
    const provider = await fakeProvider((req) =>
      completion(JSON.stringify({ line_items: rowsFromPrompt(lastUser(req)).filter((row) => row.description !== 'Part 007 steel') })),
    );
    const r = await extractChunk({ chunk: tableChunk(), prompt: textPrompt, tablePrompt, schema, provider });
    expect(r.status).toBe('completed');
    expect(r.rows_expected).toBe(60);
    expect(r.rows_extracted).toBe(59);
    expect(r.missing_rows).toEqual([FIRST_LINE + 2 + 6]);
    expect(r.error_message).toBe(`Row shortfall: extracted 59 of 60 body rows; no row for line ${FIRST_LINE + 8}`);
    expect(r.warnings).toContain(r.error_message);
    const strict = await extractChunk({ chunk: tableChunk(), prompt: textPrompt, tablePrompt, schema, provider, onRowShortfall: 'fail' });
    expect(strict.status).toBe('failed');
  });

  test('a schema-invalid batch is re-asked once; a batch failing twice fails the chunk naming the batch', async () => {
    const provider = await fakeProvider((req, i) => {
      const rows = rowsFromPrompt(tableRequest(req));
      if (i === 0) return completion(JSON.stringify({ line_items: rows.map((x) => ({ ...x, quantity: String(x.quantity) })) }));
      if (i >= 2) return completion('{"line_items": "none"}');
      return completion(JSON.stringify({ line_items: rows }));
    });
    const r = await extractChunk({ chunk: tableChunk(), prompt: textPrompt, tablePrompt, schema, provider });
    expect(r.status).toBe('failed');
    expect(r.error_message).toMatch(/^Batch 2 of 3 \(rows at lines 128-152\): Extraction failed after a corrective retry/);
    expect(r.error_message).toContain('line_items must be array');
    expect(lastUser(server!.requests[1]!)).toContain('line_items[0].quantity must be integer');
    expect((r.extracted_data as { line_items: Row[] }).line_items).toHaveLength(25);
  });

  test('table chunk without a table prompt goes through the text prompt, with a warning', async () => {
    const provider = await fakeProvider(() => completion('{"invoice_number":"X","total":1}'));
    const r = await extractChunk({ chunk: tableChunk(ROWS.slice(0, 3)), prompt: textPrompt, schema, provider });
    expect(r.mode).toBe('text');
    expect(r.warnings).toEqual(['table chunk sent with the text prompt: no table prompt was given']);
    expect(lastUser(server!.requests[0]!)).toContain('Part 003 steel');
  });

  test('a table structure outside the chunk falls back to the text prompt, or fails without one', async () => {
    const provider = await fakeProvider(() => completion('{"invoice_number":"X","total":1}'));
    const chunk = { ...tableChunk(ROWS.slice(0, 3)), start_line: 5, metadata: { ...tableChunk(ROWS.slice(0, 3)).metadata, llm_start_line: 5 } };
    const r = await extractChunk({ chunk, prompt: textPrompt, tablePrompt, schema, provider });
    expect(r.mode).toBe('text');
    expect(r.warnings[0]).toMatch(/table chunk sent as text: table line 101 is outside the chunk/);
    const only = await extractChunk({ chunk, prompt: tablePrompt, schema, provider });
    expect(only.status).toBe('failed');
    expect(only.error_message).toMatch(/Cannot extract the table chunk/);
  });
});

describe('required is checked on the document, not on a chunk', () => {
  test('the provider gets the schema without required; the prompt still says which fields are required', async () => {
    const provider = await fakeProvider(() => completion('{"invoice_number":"INV-9"}'));
    const result = await extractChunk({ chunk: { chunk_type: 'text', content: 'Invoice INV-9' }, prompt: textPrompt, schema, provider });
    expect(result).toMatchObject({ status: 'completed', attempts: 1, extracted_data: { invoice_number: 'INV-9' } });
    // strict structured output: a field that is not required may be null, so no chunk is forced to invent the invoice number
    expect(JSON.stringify(server!.requests[0]!.body.response_format.json_schema.schema.properties.invoice_number)).toContain('null');
    expect(lastUser(server!.requests[0]!)).toContain('invoice_number');
  });

  test('withoutRequired strips required at every depth and keeps properties named "required"; missingRequired names what a record lacks', () => {
    const s = {
      type: 'object',
      properties: { required: { type: 'string' }, rows: { type: 'array', items: { type: 'object', properties: { d: { type: 'string' } }, required: ['d'] } } },
      required: ['required', 'rows'],
    } as const;
    expect(withoutRequired(s as never)).toEqual({ type: 'object', properties: { required: { type: 'string' }, rows: { type: 'array', items: { type: 'object', properties: { d: { type: 'string' } } } } } });
    expect(missingRequired(s as never, { required: '', rows: [{ d: 'x' }, {}] })).toEqual([
      { field: 'required', path: '$.required' },
      { field: 'rows[1].d', path: '$.rows[1].d' },
    ]);
    expect(missingRequired(s as never, { required: 'yes', rows: [{ d: 'x' }] })).toEqual([]);
  });
});

describe('extractChunk with the offline provider', () => {
  test('a 60-row table chunk in batches: every row, exact values, labelled offline, the tokens a model would have used', async () => {
    const r = await extractChunk({ chunk: tableChunk(), prompt: textPrompt, tablePrompt, schema, provider: new OfflineProvider(), batchSize: 25 });
    expect(r).toMatchObject({ status: 'completed', offline: true, provider: 'offline', rows_expected: 60, rows_extracted: 60, batches: 3, attempts: 3 });
    // three batches of prompt + rows in, JSON rows out: an estimate, never zero
    expect(r.tokens_used).toBeGreaterThan(300);
    expect((r.extracted_data as { line_items: Row[] }).line_items).toEqual(ROWS);
  });

  test('a text chunk: fields from labels; a required field the chunk does not hold is not its failure', async () => {
    const ok = await extractChunk({ chunk: { chunk_type: 'text', content: 'Invoice Number: INV-3\nTotal: $1,020.00' }, prompt: textPrompt, schema, provider: new OfflineProvider() });
    expect(ok).toMatchObject({ status: 'completed', extracted_data: { invoice_number: 'INV-3', total: 1020 }, offline: true });
    const missing = await extractChunk({ chunk: { chunk_type: 'text', content: 'Invoice Number: INV-3' }, prompt: textPrompt, schema, provider: new OfflineProvider() });
    // the total may be on another page: the chunk gives what it holds
    expect(missing).toMatchObject({ status: 'completed', error_message: null, extracted_data: { invoice_number: 'INV-3' } });
  });

  test('a text chunk: the words OCR was unsure of reach the extractor on their lines of the chunk', async () => {
    // the chunk starts at the document's line 41; OCR misread the number's last character on line 42
    const chunk = { chunk_type: 'text', content: 'Page 3 of 3\nInvoice Number: INV-3O\nTotal: $1,020.00', start_line: 41 };
    const unsureAt = (line: number) => ({ ...chunk, unsure_words: [{ line, words: [{ text: 'INV-3O', conf: 38 }] }] });
    const read = await extractChunk({ chunk: unsureAt(42), prompt: textPrompt, schema, provider: new OfflineProvider() });
    expect(read).toMatchObject({ status: 'completed', extracted_data: { total: 1020 } });
    expect(read.extracted_data).not.toHaveProperty('invoice_number');
    expect(read.warnings).toContain('not found: invoice_number ("INV-3O" is read from a word OCR was unsure of ("INV-3O", confidence 38))');
    // the same word on another line of the document (before the chunk, on its first line) says nothing of this value
    for (const line of [2, 41]) {
      const other = await extractChunk({ chunk: unsureAt(line), prompt: textPrompt, schema, provider: new OfflineProvider() });
      expect(other.extracted_data).toMatchObject({ invoice_number: 'INV-3O', total: 1020 });
    }
  });
});
