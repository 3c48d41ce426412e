// Quarry chunking library: OCR lines in, chunks with table structure out. Pure TypeScript,
// no I/O; the job queue and the extraction stage build on it.
// See README.md in this folder for the rules and the ChunkingModel JSON contract.
export * from './types';
export { chunkDocument, type ChunkDocumentOptions } from './chunk-document';
export { ChunkingInputError, documentText, estimateTokens, bodyRowCount } from './document';
export * from './options';
export {
  CHUNKING_RESPONSE_SCHEMA,
  CHUNKING_SYSTEM_PROMPT,
  CONTEXT_LINES_AFTER,
  CONTEXT_LINES_BEFORE,
  ModelAnswerError,
  buildModelRequest,
  parseModelAnswer,
  type ChunkingModel,
  type ChunkingModelRequest,
} from './model';
export { detectTables, type DetectedTable } from './tables';
export {
  ChunkEditError,
  rebuildChunk,
  validateChunkEdit,
  type ChunkEdit,
  type ChunkEditIssue,
  type ChunkEditValidation,
  type EditorTableInput,
  type LineRangeInput,
  type RebuildBase,
  type TableStructureInput,
} from './edit';
