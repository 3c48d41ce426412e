// Extraction engine (library level): prompt rendering, schema descriptions, validation and
// extractChunk(). The job queue and routes call these.
export { extractChunk, mergeAnswers, DEFAULT_BATCH_SIZE, DEFAULT_SYSTEM_PROMPT } from './extract';
export type { ChunkExtractionResult, ExtractChunkOptions, ExtractionExample, ExtractionPrompt, ExtractionProgress } from './extract';
export { renderSchemaDescriptions } from './schema-descriptions';
export {
  renderTemplate,
  extractTemplateVariables,
  validateTemplateVariables,
  PROMPT_VARIABLES,
  INVALID_VARIABLE_MESSAGE,
  TemplateSyntaxError,
} from './template';
export type { PromptType, RenderResult, TemplateValidation } from './template';
export { validateOutput, checkSchemaDefinition, SchemaDefinitionError, withoutRequired, missingRequired, hasRequired } from './validate';
export type { MissingField } from './validate';
export { resolveTables, rowsProperty, matchRows } from './table';
export type { ExtractionChunk, TableStructureLike, ResolvedTable } from './table';
