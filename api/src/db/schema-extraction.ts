// Tables of extraction and the LLM test API. Re-exported by ./schema (import them from there).
//
// extraction_results: one row per (job, chunk). Versioned: the newest row of a chunk is its
//   current result (superseded_at null); a later extraction of the same chunk (a whole-file
//   job or a single-chunk re-extraction) sets superseded_at on the previous one, which stays
//   readable (GET files/{id}/chunks/{chunkId}/extraction-results lists every version).
//   (job_id, chunk_id) is unique: a resumed job never stores a chunk twice.
// llm_test_results: the LLM test API's tasks and their results (task id = row id).
import type { Provenance } from '../processing/provenance';
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, primaryId, ts } from './columns';
import { owner } from './schema-users';
import { files } from './schema-documents';
import { chunks } from './schema-jobs';


export const extractionResults = pgTable(
  'extraction_results',
  {
    id: primaryId(),
    userId: owner(),
    /** no foreign key (like jobs.file_id): deleting a job never blocks on result rows */
    jobId: uuid('job_id').notNull(),
    fileId: belongsTo('file_id', () => files.id),
    chunkId: belongsTo('chunk_id', () => chunks.id),
    runId: uuid('run_id').notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    chunkType: text('chunk_type').notNull(),
    status: text('status').notNull(),
    extractedData: jsonb('extracted_data').$type<unknown>(),
    errorMessage: text('error_message'),
    chunkText: text('chunk_text').notNull(),
    tokensUsed: integer('tokens_used').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    offline: boolean('offline').notNull().default(false),
    promptId: uuid('prompt_id'),
    tablePromptId: uuid('table_prompt_id'),
    outputSchemaId: uuid('output_schema_id'),
    processingTimeMs: integer('processing_time_ms').notNull().default(0),
    /** rows_expected / rows_extracted / missing_rows / batches / warnings / mode / attempts */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** where each value was found (docs/decisions/0017-provenance-by-index-without-hints.md); null until computed (older rows: on first read) */
    provenance: jsonb('provenance').$type<Provenance>(),
    createdAt: createdAt(),
    supersededAt: ts('superseded_at'),
  },
  (t) => [
    uniqueIndex('extraction_results_job_chunk_key').on(t.jobId, t.chunkId),
    index('extraction_results_file_idx').on(t.fileId, t.sequenceNumber),
    index('extraction_results_chunk_idx').on(t.chunkId, t.createdAt),
    uniqueIndex('extraction_results_one_current').on(t.chunkId).where(sql`${t.supersededAt} is null`),
    check('extraction_results_status_check', sql`${t.status} in ('completed','failed')`),
  ],
);

export const llmTestResults = pgTable(
  'llm_test_results',
  {
    id: primaryId(),
    userId: owner(),
    /** simple | structured */
    kind: text('kind').notNull(),
    /** what was asked for (gemini when none was named) */
    requestedProvider: text('requested_provider').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    /** pending | success | failure */
    status: text('status').notNull().default('pending'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    requestHash: text('request_hash').notNull(),
    isCachedResponse: boolean('is_cached_response').notNull().default(false),
    offline: boolean('offline').notNull().default(false),
    note: text('note'),
    responseContent: text('response_content'),
    responseJson: jsonb('response_json').$type<unknown>(),
    errorMessage: text('error_message'),
    traceback: text('traceback'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    processingTimeMs: integer('processing_time_ms'),
    costEstimate: doublePrecision('cost_estimate').notNull().default(0),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('llm_test_results_user_idx').on(t.userId, t.createdAt),
    index('llm_test_results_hash_idx').on(t.userId, t.requestHash),
    check('llm_test_results_status_check', sql`${t.status} in ('pending','success','failure')`),
  ],
);

export type ExtractionResultRow = typeof extractionResults.$inferSelect;
export type LlmTestResultRow = typeof llmTestResults.$inferSelect;
