// Public types of the chunking library (the chunk, its metadata, the chunk update payload).
// Everything here is plain data: the job queue stores it as-is.

/** One OCR line: 1-based number (consecutive from 1), 1-based page, text without line breaks. */
export interface OcrLine {
  number: number;
  page: number;
  text: string;
}

export const CHUNKING_STRATEGIES = ['llm_analysis', 'character_based', 'paragraph_based', 'page_based'] as const;
export type ChunkingStrategy = (typeof CHUNKING_STRATEGIES)[number];

export type ChunkType = 'text' | 'table';
export type TablePartRole = 'description' | 'header' | 'body';

/** A part of a table: absolute, 1-based, inclusive line range. */
export interface TablePart {
  role: TablePartRole;
  start: number;
  end: number;
}

/**
 * A table: absolute, 1-based, inclusive line range and its parts, sorted by start.
 * Every body part is exactly one row; `parts.filter(p => p.role === 'body').length`
 * is the table's row count that extraction checks against.
 */
export interface TableStructure {
  start: number;
  end: number;
  parts: TablePart[];
}

/** Where a chunk's segmentation came from (metadata.llm_status). */
export type LlmStatus =
  /** the language model answered a valid segmentation for the chunk's first window */
  | 'success'
  /** the model failed every attempt for that window; the deterministic analyser did it */
  | 'fallback'
  /** no model configured: the deterministic analyser did it */
  | 'deterministic';

export interface ChunkMetadata {
  tables_found: number;
  chunking_strategy: ChunkingStrategy;
  /** same value as chunking_strategy (the UI reads either name) */
  chunk_strategy: ChunkingStrategy;
  /** llm_analysis only: "w{window}-s{segment}" (1-based) of the segment the chunk starts with; else null */
  llm_chunk_id: string | null;
  /** llm_analysis only; else null */
  llm_status: LlmStatus | null;
  /** 1-based inclusive line range of the chunk, filled for every strategy (the chunk editor reads it) */
  llm_start_line: number;
  llm_end_line: number;
  table_structure: TableStructure[];
  /** llm_analysis only: what the segment is made of (heading, paragraph, list, key_value, table, mixed, ...) */
  segment_kind?: string;
  /** llm_analysis only: 1-based numbers of the windows the chunk's lines came from */
  windows?: number[];
  /** set by rebuildChunk */
  edited?: boolean;
}

/**
 * A chunk, as stored, without ids.
 *
 * Positions: the document text is the OCR lines' texts joined with a single "\n"
 * (no trailing newline). start_position is the offset of the chunk's first character,
 * end_position the offset just after its last one (exclusive), both 0-based, counted in
 * UTF-16 code units (JavaScript string indices). So
 * `documentText(lines).slice(start_position, end_position) === content` and
 * `character_count === content.length === end_position - start_position`.
 * Line-aligned chunks start at their first line's first character and end at their last
 * line's last character; only a single line longer than maxChunkSize is ever cut
 * inside the line (character_based / paragraph_based / page_based, and oversize text in
 * llm_analysis), at a word boundary when there is one.
 */
export interface Chunk {
  chunk_index: number;
  chunk_type: ChunkType;
  content: string;
  character_count: number;
  chunking_strategy: ChunkingStrategy;
  /** ceil(character_count / 4): about four characters per token for Latin-script text */
  approximate_token_count: number;
  /** page of the chunk's first line */
  page_number: number;
  start_position: number;
  end_position: number;
  /** 1-based inclusive line range */
  start_line: number;
  end_line: number;
  metadata: ChunkMetadata;
}

// ------------------------------------------------------------------ progress and stats

export interface WindowInfo {
  /** 1-based window number */
  current: number;
  total: number;
  /** number of lines in the window */
  lines: number;
  start_line: number;
  end_line: number;
}

/**
 * A progress event, shaped like a job event (`JobEvent`) so the queue can store and
 * publish it as-is (it adds timestamp and context). progress_percentage is 0–100 of
 * the chunking step itself; a pipeline maps it onto 20–50 %.
 */
export interface ChunkingProgressEvent {
  phase: 'chunking';
  sub_phase:
    | 'started'
    | 'window_started'
    | 'window_retry'
    | 'window_fallback'
    | 'window_completed'
    | 'assembling'
    | 'completed';
  event_type: 'progress' | 'error' | 'success';
  message: string;
  progress_percentage: number;
  current_value: number;
  total_value: number;
  units: 'windows' | 'chunks' | 'percent';
  details: {
    strategy: ChunkingStrategy;
    model: string;
    window_info?: WindowInfo;
    chunks_found: number;
    failures: number;
    attempt?: number;
    max_attempts?: number;
    error?: string;
    text_chunks?: number;
    table_chunks?: number;
    chunks_created?: number;
    total_chunks?: number;
    success_rate?: number;
  };
}

export interface WindowReport {
  /** 1-based */
  window: number;
  start_line: number;
  end_line: number;
  status: LlmStatus;
  attempts: number;
  errors: string[];
  segments: number;
}

export interface ChunkingStats {
  strategy: ChunkingStrategy;
  model: string;
  lines_total: number;
  max_chunk_size: number;
  overlap_size: number;
  /** the window size actually used (after the 100–500 / 250 rule); null unless llm_analysis */
  window_size: number | null;
  windows_total: number;
  windows_processed: number;
  /** windows whose model answers all failed (the deterministic analyser took over) */
  failures: number;
  /** model calls made, all windows together */
  attempts: number;
  max_attempts: number;
  total_chunks: number;
  text_chunks: number;
  table_chunks: number;
  /** tables over all chunks */
  tables_found: number;
  /** (windows_total - failures) / windows_total; 1 when there are no windows */
  success_rate: number;
  /** llm_analysis only (empty otherwise) */
  window_reports: WindowReport[];
}

export interface ChunkingResult {
  chunks: Chunk[];
  stats: ChunkingStats;
}
