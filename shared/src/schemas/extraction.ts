// Extraction: extraction jobs, extraction results, re-extraction requests.
import { z } from 'zod';
import { TimestampSchema, UuidSchema } from './common';
import { queryBoolean } from './files';
import { ProvenanceSchema } from './provenance';

const jsonObject = z.record(z.string(), z.unknown());

/** results_summary of an extraction job. */
export const ExtractionSummarySchema = z.object({
  total_chunks_processed: z.number(),
  successful_extractions: z.number(),
  failed_extractions: z.number(),
  total_extractions: z.number(),
  text_chunks_processed: z.number(),
  table_chunks_processed: z.number(),
  total_tokens_used: z.number(),
  processing_time: z.number(),
});
export type ExtractionSummary = z.infer<typeof ExtractionSummarySchema>;

/** One chunk's extraction result (with its provenance). */
export const ExtractionResultSchema = z.object({
  id: UuidSchema,
  job_id: UuidSchema,
  file_id: UuidSchema,
  chunk_id: UuidSchema,
  run_id: UuidSchema,
  sequence_number: z.number().int(),
  chunk_type: z.string(),
  status: z.enum(['completed', 'failed']),
  extracted_data: z.unknown(),
  error_message: z.string().nullable(),
  created_at: TimestampSchema,
  chunk_text: z.string(),
  tokens_used: z.number().int(),
  provider: z.string(),
  model: z.string(),
  /** true: the deterministic offline extractor produced it (no language model) */
  offline: z.boolean(),
  processing_time_ms: z.number().int(),
  /** null for the current result of its chunk; set when a later extraction replaced it */
  superseded_at: TimestampSchema.nullable(),
  is_current: z.boolean(),
  details: jsonObject,
  /** where each value was found in the source (absent for results whose provenance could not be computed) */
  provenance: ProvenanceSchema.optional(),
});
export type ExtractionResult = z.infer<typeof ExtractionResultSchema>;

export const ExtractionResultListSchema = z.array(ExtractionResultSchema);

export const ExtractionResultsQuerySchema = z.object({
  /** also the superseded versions (newest first per chunk) */
  include_history: queryBoolean(false),
  /** a chunking run of the file (default: the active run; all runs when the file has none) */
  run_id: UuidSchema.optional(),
});


export const REEXTRACT_MESSAGES = {
  promptRequired: 'Please select a prompt',
  tablePromptRequired: 'Please select a table prompt when "Has tables" is checked',
} as const;

/** `POST files/{id}/chunks/{chunkId}/extract`. */
export const ReExtractRequestSchema = z
  .strictObject({
    prompt_id: UuidSchema.nullish(),
    table_prompt_id: UuidSchema.nullish(),
    has_tables: z.boolean().nullish(),
    output_schema_id: UuidSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.prompt_id) ctx.addIssue({ code: 'custom', path: ['prompt_id'], message: REEXTRACT_MESSAGES.promptRequired });
    if (v.has_tables && !v.table_prompt_id) ctx.addIssue({ code: 'custom', path: ['table_prompt_id'], message: REEXTRACT_MESSAGES.tablePromptRequired });
  });
export type ReExtractRequest = z.input<typeof ReExtractRequestSchema>;

export const ReExtractResponseSchema = z.object({ job_id: UuidSchema, message: z.string() });
export type ReExtractResponse = z.infer<typeof ReExtractResponseSchema>;
