// The chunking library's ChunkingModel (api/src/processing/chunking/model.ts) served by an
// LlmProvider: the ready-made window prompt goes out as system + user messages with the
// chunking answer schema as the response schema; the parsed JSON (or, failing that, the raw
// text) comes back for chunking's own strict validation. The offline provider has no model
// to segment with: chunkingModelFor() answers null and chunking uses its deterministic analyser.
import type { ChunkingModel, ChunkingModelRequest } from '../processing/chunking/model';
import type { JSONSchema, LlmProvider, TokenUsage } from './types';

export interface ChunkingModelOptions {
  temperature?: number;
  maxTokens?: number;
  /** called with each call's token usage (for job events and credits) */
  onUsage?: (usage: TokenUsage) => void;
}

export function chunkingModelFor(provider: LlmProvider, options: ChunkingModelOptions = {}): ChunkingModel | null {
  if (provider.name === 'offline') return null;
  return {
    name: `${provider.name}:${provider.model}`,
    async segmentWindow(request: ChunkingModelRequest, { signal }: { signal?: AbortSignal }): Promise<unknown> {
      const result = await provider.generate({
        messages: [
          { role: 'system', content: request.prompt.system },
          { role: 'user', content: request.prompt.user },
        ],
        temperature: options.temperature ?? 0,
        maxTokens: options.maxTokens ?? 4096,
        responseSchema: request.response_schema as JSONSchema,
        schemaName: 'chunk_segments',
        signal,
      });
      options.onUsage?.(result.usage);
      return result.json ?? result.content;
    },
  };
}
