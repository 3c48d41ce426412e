// chunkingModelFor(): the chunking window request through a provider, over HTTP to a fake server.
import { CHUNKING_RESPONSE_SCHEMA, type ChunkingModelRequest } from '../processing/chunking/model';
import { chunkingModelFor } from './chunking-model';
import { LlmInvalidJsonError } from './errors';
import { GeminiProvider, toGeminiSchema } from './gemini';
import { OfflineProvider } from './offline';
import { OpenAiProvider } from './openai';
import { startFakeServer, type FakeServer } from './testing/fake-server';

const request = {
  window: { index: 0, number: 1, total: 1, start_line: 1, end_line: 3 },
  lines: [],
  context_before: [],
  context_after: [],
  max_chunk_chars: 1000,
  attempt: 1,
  max_attempts: 2,
  previous_error: null,
  prompt: { system: 'SYSTEM PROMPT', user: 'USER PROMPT' },
  response_schema: CHUNKING_RESPONSE_SCHEMA,
} as unknown as ChunkingModelRequest;

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('chunkingModelFor', () => {
  test('offline has no chunking model (chunking runs its deterministic analyser)', () => {
    expect(chunkingModelFor(new OfflineProvider())).toBeNull();
  });

  test('openai-compatible: prompt as system + user, chunking schema as strict json_schema, parsed JSON back, usage reported', async () => {
    const answer = { segments: [{ start_line: 1, end_line: 3, type: 'text' }] };
    server = await startFakeServer(() => ({
      json: { model: 'm', choices: [{ message: { content: JSON.stringify(answer) } }], usage: { prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 } },
    }));
    const usage: unknown[] = [];
    const model = chunkingModelFor(new OpenAiProvider({ baseUrl: server.url, model: 'm', retry: { maxAttempts: 1 } }), { onUsage: (u) => usage.push(u) })!;
    expect(model.name).toBe('openai:m');
    const out = await model.segmentWindow(request, {});
    expect(out).toEqual(answer);
    const body = server.requests[0]!.body;
    expect(body.messages).toEqual([
      { role: 'system', content: 'SYSTEM PROMPT' },
      { role: 'user', content: 'USER PROMPT' },
    ]);
    expect(body.response_format.json_schema.name).toBe('chunk_segments');
    expect(body.response_format.json_schema.schema.properties.segments.items.required).toEqual(['start_line', 'end_line', 'type', 'kind', 'title', 'continues_previous', 'tables']);
    expect(usage).toEqual([{ input_tokens: 5, output_tokens: 6, total_tokens: 11 }]);
  });

  test('gemini: the chunking schema converts; garbage answers throw (chunking counts a failed attempt)', async () => {
    const converted = toGeminiSchema(CHUNKING_RESPONSE_SCHEMA);
    expect(converted.type).toBe('OBJECT');
    server = await startFakeServer(() => ({ json: { candidates: [{ content: { parts: [{ text: 'no idea' }] }, finishReason: 'STOP' }] } }));
    const model = chunkingModelFor(new GeminiProvider({ baseUrl: server.url, apiKey: 'k', model: 'g', retry: { maxAttempts: 1 } }))!;
    await expect(model.segmentWindow(request, {})).rejects.toBeInstanceOf(LlmInvalidJsonError);
    expect(server.requests[0]!.body.generationConfig.responseSchema).toEqual(converted);
  });
});
