// Option normalisation. Pure functions, exported for the API layer too.
import { ChunkingInputError } from './document';
import { CHUNKING_STRATEGIES, type ChunkingStrategy } from './types';

export const DEFAULT_STRATEGY: ChunkingStrategy = 'llm_analysis';
export const DEFAULT_WINDOW_SIZE = 250;
export const MIN_WINDOW_SIZE = 100;
export const MAX_WINDOW_SIZE = 500;
export const DEFAULT_MAX_CHUNK_SIZE = 2000;
export const MIN_MAX_CHUNK_SIZE = 100;
export const MAX_MAX_CHUNK_SIZE = 100_000;
export const DEFAULT_OVERLAP_SIZE = 0;
export const DEFAULT_MAX_ATTEMPTS = 3;
export const MAX_MAX_ATTEMPTS = 10;
export const DEFAULT_DEDICATED_TABLE_MIN_ROWS = 3;

/** An integer from a number or an all-digits string ("300"); anything else → null. */
function strictInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return null;
}

/**
 * Window size (lines per window, llm_analysis): an integer 100–500; anything else — missing,
 * 0, 99, 501, NaN, 150.5, "300abc" — falls back to 250. "300" (a digit string) is 300.
 */
export function normalizeWindowSize(value: unknown): number {
  const n = strictInteger(value);
  return n !== null && n >= MIN_WINDOW_SIZE && n <= MAX_WINDOW_SIZE ? n : DEFAULT_WINDOW_SIZE;
}

/** Max chunk size in characters: an integer 100–100000; anything else falls back to 2000. */
export function normalizeMaxChunkSize(value: unknown): number {
  const n = strictInteger(value);
  return n !== null && n >= MIN_MAX_CHUNK_SIZE && n <= MAX_MAX_CHUNK_SIZE ? n : DEFAULT_MAX_CHUNK_SIZE;
}

/** Overlap in characters (character_based only): an integer >= 0, at most half the max chunk size; invalid → 0. */
export function normalizeOverlapSize(value: unknown, maxChunkSize: number): number {
  const n = strictInteger(value);
  if (n === null || n < 0) return DEFAULT_OVERLAP_SIZE;
  return Math.min(n, Math.floor(maxChunkSize / 2));
}

export function normalizeMaxAttempts(value: unknown): number {
  const n = strictInteger(value);
  return n !== null && n >= 1 ? Math.min(n, MAX_MAX_ATTEMPTS) : DEFAULT_MAX_ATTEMPTS;
}

export function normalizeDedicatedTableMinRows(value: unknown): number {
  const n = strictInteger(value);
  return n !== null && n >= 1 ? n : DEFAULT_DEDICATED_TABLE_MIN_ROWS;
}

export function isChunkingStrategy(value: unknown): value is ChunkingStrategy {
  return typeof value === 'string' && (CHUNKING_STRATEGIES as readonly string[]).includes(value);
}

/** Missing (undefined, null, '') → llm_analysis; an unknown name throws ChunkingInputError. */
export function normalizeStrategy(value: unknown): ChunkingStrategy {
  if (value === undefined || value === null || value === '') return DEFAULT_STRATEGY;
  if (isChunkingStrategy(value)) return value;
  throw new ChunkingInputError(
    `Unknown chunking strategy '${String(value)}'; expected one of ${CHUNKING_STRATEGIES.join(', ')}`,
  );
}

export interface StrategyDescription {
  name: ChunkingStrategy;
  label: string;
  description: string;
  is_default: boolean;
  /** window_size applies (only to llm_analysis) */
  uses_window_size: boolean;
  /** overlap_size applies */
  uses_overlap: boolean;
}

/** The strategy catalogue (for GET chunking/strategies). */
export const STRATEGY_DESCRIPTIONS: readonly StrategyDescription[] = [
  {
    name: 'llm_analysis',
    label: 'LLM analysis',
    description:
      'Windows of window_size lines (100-500, default 250) segmented by the language model into coherent sections and tables; without a model, a deterministic line-structure analyser (headings, paragraphs, lists, key-value blocks, tables).',
    is_default: true,
    uses_window_size: true,
    uses_overlap: false,
  },
  {
    name: 'character_based',
    label: 'Character based',
    description: 'Chunks of at most max_chunk_size characters cut at line boundaries, with optional overlap; tables kept whole.',
    is_default: false,
    uses_window_size: false,
    uses_overlap: true,
  },
  {
    name: 'paragraph_based',
    label: 'Paragraph based',
    description: 'Blank-line separated paragraphs merged up to max_chunk_size characters; tables kept whole.',
    is_default: false,
    uses_window_size: false,
    uses_overlap: false,
  },
  {
    name: 'page_based',
    label: 'Page based',
    description: 'One chunk per page, cut at line boundaries when larger than max_chunk_size; tables kept whole.',
    is_default: false,
    uses_window_size: false,
    uses_overlap: false,
  },
];
