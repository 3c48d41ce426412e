// Rules of the re-extraction dialog: a text prompt is required; Has tables
// defaults to on for table chunks and text chunks with tables; unchecking it clears the table
// prompt; when it is checked a table prompt is required. Messages come from the shared schema
// module (the API checks the same request).
import { REEXTRACT_MESSAGES, type ReExtractRequest } from '@quarry/shared/schemas';

export interface ReExtractForm {
  promptId: string;
  hasTables: boolean;
  tablePromptId: string;
}

export type ReExtractErrors = Partial<Record<'promptId' | 'tablePromptId', string>>;

export function initialForm(chunk: { chunk_type: string; tables_found: number }): ReExtractForm {
  return { promptId: '', hasTables: chunk.chunk_type === 'table' || chunk.tables_found > 0, tablePromptId: '' };
}

export function setHasTables(form: ReExtractForm, hasTables: boolean): ReExtractForm {
  return { ...form, hasTables, tablePromptId: hasTables ? form.tablePromptId : '' };
}

export function validate(form: ReExtractForm): ReExtractErrors {
  const errors: ReExtractErrors = {};
  if (!form.promptId) errors.promptId = REEXTRACT_MESSAGES.promptRequired;
  if (form.hasTables && !form.tablePromptId) errors.tablePromptId = REEXTRACT_MESSAGES.tablePromptRequired;
  return errors;
}

export function toRequest(form: ReExtractForm): ReExtractRequest {
  return { prompt_id: form.promptId, has_tables: form.hasTables, table_prompt_id: form.hasTables ? form.tablePromptId : null };
}
