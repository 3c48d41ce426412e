// Provenance of extraction results: for every value (scalar field or table
// cell, addressed by its JSON path in extracted_data) the chunk and OCR line range it was found
// in, or not_in_document. Computed by the server when a result is stored, and for older results
// when they are first read.
import { z } from 'zod';
import { UuidSchema } from './common';

export const ProvenanceMatchSchema = z.enum(['exact', 'case_whitespace', 'date', 'number']);
export type ProvenanceMatch = z.infer<typeof ProvenanceMatchSchema>;

export const ValueProvenanceSchema = z.object({
  /** JSON path of the value in extracted_data, e.g. $.items[3].price */
  path: z.string(),
  value: z.union([z.string(), z.number()]),
  status: z.enum(['found', 'not_in_document']),
  /** how it was found: as written, ignoring case/whitespace, as the same calendar day, as the same number */
  match: ProvenanceMatchSchema.nullable(),
  /** true: in the chunk the result belongs to; false: elsewhere in the document */
  in_chunk: z.boolean().nullable(),
  chunk_id: UuidSchema.nullable(),
  /** 1-based OCR line range (inclusive), numbered across the document */
  start_line: z.number().int().nullable(),
  end_line: z.number().int().nullable(),
  page: z.number().int().nullable(),
  /** times the value occurs in the searched source; the first occurrence is the one given */
  occurrences: z.number().int(),
});
export type ValueProvenance = z.infer<typeof ValueProvenanceSchema>;

export const ProvenanceSchema = z.object({
  version: z.literal(1),
  values: z.array(ValueProvenanceSchema),
  summary: z.object({ total: z.number().int(), found: z.number().int(), not_in_document: z.number().int() }),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;
