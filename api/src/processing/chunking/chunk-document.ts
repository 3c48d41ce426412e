// chunkDocument: the library's entry point for the job queue.
import { buildChunk, ChunkingDocument, type ChunkSpec } from './document';
import { runLlmAnalysis, type LlmAnalysisContext } from './llm-analysis';
import type { ChunkingModel } from './model';
import {
  normalizeDedicatedTableMinRows,
  normalizeMaxAttempts,
  normalizeMaxChunkSize,
  normalizeOverlapSize,
  normalizeStrategy,
  normalizeWindowSize,
} from './options';
import { characterBased, pageBased, paragraphBased } from './strategies';
import { detectTables } from './tables';
import type { Chunk, ChunkingProgressEvent, ChunkingResult, ChunkingStats, ChunkingStrategy, OcrLine, WindowReport } from './types';

export interface ChunkDocumentOptions {
  /** default llm_analysis; an unknown name throws ChunkingInputError */
  strategy?: ChunkingStrategy | string;
  /** characters; integer 100–100000, default 2000 (invalid → 2000) */
  maxChunkSize?: number;
  /** characters of whole lines repeated between consecutive character_based chunks; default 0, at most maxChunkSize/2 */
  overlapSize?: number;
  /** llm_analysis lines per window: 100–500, default 250; anything invalid → 250 */
  windowSize?: number | string;
  /** llm_analysis: the language model; without one the deterministic analyser segments every window */
  model?: ChunkingModel | null;
  /** model attempts per window before the deterministic fallback; default 3 (1–10) */
  maxAttempts?: number;
  /** a table with at least this many body rows is a dedicated table chunk (llm_analysis); default 3 */
  dedicatedTableMinRows?: number;
  /** cancels between windows and attempts (and is passed to the model); rejects with signal.reason */
  signal?: AbortSignal;
  onProgress?: (event: ChunkingProgressEvent) => void;
}

/**
 * Splits OCR lines into chunks. Pure and deterministic for a given input and model answers
 * (no clock, no randomness); processing time is the caller's to measure.
 */
export async function chunkDocument(lines: readonly OcrLine[], options: ChunkDocumentOptions = {}): Promise<ChunkingResult> {
  const strategy = normalizeStrategy(options.strategy);
  const doc = new ChunkingDocument(lines);
  const maxChunkSize = normalizeMaxChunkSize(options.maxChunkSize ?? undefined);
  const overlapSize = strategy === 'character_based' ? normalizeOverlapSize(options.overlapSize ?? 0, maxChunkSize) : 0;
  const isLlm = strategy === 'llm_analysis';
  const windowSize = isLlm ? normalizeWindowSize(options.windowSize) : null;
  const maxAttempts = normalizeMaxAttempts(options.maxAttempts);
  const model = isLlm ? (options.model ?? null) : null;
  const modelName = model ? model.name : isLlm ? 'deterministic' : 'none';
  const signal = options.signal;
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Chunking was cancelled', 'AbortError');

  let chunksFound = 0;
  let failuresSoFar = 0;
  const emit: LlmAnalysisContext['emit'] = (e) => {
    if (typeof e.details.chunks_found === 'number') chunksFound = e.details.chunks_found;
    if (typeof e.details.failures === 'number') failuresSoFar = e.details.failures;
    options.onProgress?.({
      phase: 'chunking',
      ...e,
      details: { strategy, model: modelName, chunks_found: chunksFound, failures: failuresSoFar, ...e.details },
    });
  };

  emit({
    sub_phase: 'started',
    event_type: 'progress',
    message: `Chunking ${doc.lineCount} lines with ${strategy}${isLlm ? ` (window size ${windowSize}, ${modelName})` : ''}`,
    progress_percentage: 0,
    current_value: 0,
    total_value: 100,
    units: 'percent',
    details: {},
  });

  const tables = detectTables(doc);
  let specs: ChunkSpec[];
  let reports: WindowReport[] = [];
  let attempts = 0;
  let failures = 0;
  let windowsTotal = 0;
  if (isLlm) {
    const r = await runLlmAnalysis(doc, tables, {
      maxChunkSize,
      windowSize: windowSize as number,
      maxAttempts,
      dedicatedTableMinRows: normalizeDedicatedTableMinRows(options.dedicatedTableMinRows),
      model,
      signal,
      emit,
    });
    ({ specs, reports, attempts, failures, windowsTotal } = r);
  } else if (strategy === 'character_based') specs = characterBased(doc, tables, maxChunkSize, overlapSize);
  else if (strategy === 'paragraph_based') specs = paragraphBased(doc, tables, maxChunkSize);
  else specs = pageBased(doc, tables, maxChunkSize);

  emit({
    sub_phase: 'assembling',
    event_type: 'progress',
    message: `Building ${specs.length} chunk(s)`,
    progress_percentage: 95,
    current_value: 0,
    total_value: specs.length,
    units: 'chunks',
    details: { chunks_found: specs.length },
  });
  const chunks: Chunk[] = specs.map((s, i) => buildChunk(doc, s, i, strategy));
  const textChunks = chunks.filter((c) => c.chunk_type === 'text').length;
  const tableChunks = chunks.length - textChunks;
  const stats: ChunkingStats = {
    strategy,
    model: modelName,
    lines_total: doc.lineCount,
    max_chunk_size: maxChunkSize,
    overlap_size: overlapSize,
    window_size: windowSize,
    windows_total: windowsTotal,
    windows_processed: reports.length,
    failures,
    attempts,
    max_attempts: maxAttempts,
    total_chunks: chunks.length,
    text_chunks: textChunks,
    table_chunks: tableChunks,
    tables_found: chunks.reduce((n, c) => n + c.metadata.tables_found, 0),
    success_rate: windowsTotal === 0 ? 1 : (windowsTotal - failures) / windowsTotal,
    window_reports: reports,
  };
  emit({
    sub_phase: 'completed',
    event_type: 'success',
    message: `Chunking completed: ${chunks.length} chunk(s) (${textChunks} text, ${tableChunks} table)`,
    progress_percentage: 100,
    current_value: chunks.length,
    total_value: chunks.length,
    units: 'chunks',
    details: {
      chunks_found: chunks.length,
      chunks_created: chunks.length,
      total_chunks: chunks.length,
      text_chunks: textChunks,
      table_chunks: tableChunks,
      success_rate: stats.success_rate,
      failures,
    },
  });
  return { chunks, stats };
}
