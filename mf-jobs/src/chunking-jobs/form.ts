// The chunking form's rules.
import { WINDOW_SIZE } from '@quarry/shared/schemas';

/** The standalone chunking page leaves out paragraph_based. */
export const CHUNKING_PAGE_STRATEGIES = [
  { value: 'llm_analysis', label: 'LLM analysis (default)' },
  { value: 'character_based', label: 'Character based' },
  { value: 'page_based', label: 'Page based' },
] as const;
export type ChunkingPageStrategy = (typeof CHUNKING_PAGE_STRATEGIES)[number]['value'];

/** 100-500; anything else (empty, text, out of range) falls back to 250. */
export function normalizeWindowSize(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) return WINDOW_SIZE.default;
  const r = Math.round(n);
  return r >= WINDOW_SIZE.min && r <= WINDOW_SIZE.max ? r : WINDOW_SIZE.default;
}

/** The request body: window_size only for llm_analysis. */
export function chunkingRequest(fileId: string, strategy: ChunkingPageStrategy, windowSize: string) {
  return strategy === 'llm_analysis' ? { file_id: fileId, strategy, window_size: normalizeWindowSize(windowSize) } : { file_id: fileId, strategy };
}
