// The public surface of the `@quarry/shared/schemas` and `@quarry/shared/review` entry points,
// pinned like the main entry's (src/publicSurface.test.ts): what each exports at run time and the
// types it names are compared with the lists below, so adding, renaming or dropping an export is
// a change made here on purpose.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as review from './review/index';
import * as schemas from './schemas/index';

const SCHEMA_VALUES = [
  'ACTIVE_JOB_STATUSES', 'ADMIN_USER_SORTS', 'AdminContactMessageListQuerySchema',
  'AdminContactMessageListResponseSchema', 'AdminCreditRequestListQuerySchema',
  'AdminCreditRequestListResponseSchema', 'AdminCreditRequestSchema', 'AdminJobRetryResponseSchema',
  'AdminUserListQuerySchema', 'AdminUserListResponseSchema', 'AdminUserSchema',
  'AdminUserUpdateSchema', 'API_KEY_NAME_MAX', 'API_KEY_SCOPES', 'ApiKeyCreatedSchema',
  'ApiKeyCreateSchema', 'ApiKeyListSchema', 'ApiKeySchema', 'BALANCE_ADJUSTMENT_MESSAGES',
  'BalanceAdjustmentCreateSchema', 'BalanceAdjustmentSchema', 'BlobPutResponseSchema',
  'ChunkingHealthResponseSchema', 'ChunkingJobDetailSchema', 'ChunkingJobListQuerySchema',
  'ChunkingJobListResponseSchema', 'ChunkingRunSchema', 'ChunkingRunsResponseSchema',
  'ChunkingStrategiesResponseSchema', 'ChunkingTestResponseSchema', 'ChunkingTestSchema',
  'ChunkSchema', 'ChunksResponseSchema', 'ChunkUpdateSchema', 'CleanupBodySchema',
  'CleanupQuerySchema', 'CleanupResponseSchema', 'ClientMessageSchema', 'CompleteUploadBodySchema',
  'CompleteUploadResponseSchema', 'ContactCreateSchema', 'ContactResponseSchema',
  'CorrectionRequestSchema', 'CREDIT_REQUEST_MESSAGES', 'CreditRequestCreateSchema',
  'CreditRequestListResponseSchema', 'CreditRequestReviewSchema', 'CreditRequestSchema',
  'CreditRequestStatsSchema', 'CreditSettingsSchema', 'CreditSettingsUpdateSchema',
  'CURRENT_PASSWORD_WRONG', 'DATASET_DETAIL_JOBS', 'DATASET_SORT_COLUMNS', 'DatasetCreateSchema',
  'DatasetDetailSchema', 'DatasetFilesBodySchema', 'DatasetFilesResponseSchema',
  'DatasetListQuerySchema', 'DatasetListResponseSchema', 'DatasetSchema', 'DatasetUpdateSchema',
  'DEFAULT_LOW_BALANCE_THRESHOLD', 'EmailPreferencesSchema', 'EmailPreferencesUpdateSchema',
  'ErrorResponseSchema', 'ESTIMATE_TEXT_BASES', 'EvaluationQuerySchema', 'EvaluationSchema',
  'EXAMPLE_MESSAGES', 'ExampleCreateSchema', 'ExampleListQuerySchema', 'ExampleListResponseSchema',
  'ExampleSchema', 'ExampleUpdateSchema', 'ExampleValidateResponseSchema', 'ExportQuerySchema',
  'ExtractionResultListSchema', 'ExtractionResultsQuerySchema', 'ExtractQuerySchema',
  'ExtractResponseSchema', 'FeedbackCreateSchema', 'FeedbackListQuerySchema',
  'FeedbackListResponseSchema', 'FeedbackSchema', 'FeedbackStatsSchema', 'FILE_SORT_COLUMNS',
  'FileBulkRequestSchema', 'FileBulkResponseSchema', 'FileChunkParamsSchema',
  'FileCorrectionParamsSchema', 'FileDatasetsResponseSchema', 'FileDeleteQuerySchema',
  'FileDeleteResponseSchema', 'FileDownloadUrlResponseSchema', 'FileListQuerySchema',
  'FileListResponseSchema', 'FileRunParamsSchema', 'FileSchema', 'FileStatisticsSchema',
  'FORGOT_PASSWORD_ANSWER', 'ForgotPasswordBodySchema', 'HealthResponseSchema',
  'IDEMPOTENCY_KEY_MAX', 'IdParamsSchema', 'isBelowThreshold', 'JOB_SORT_COLUMNS', 'JOB_STATUSES',
  'JOB_TYPES', 'JobCompleteSchema', 'JobCreateSchema', 'JobDependenciesSchema', 'JobDetailSchema',
  'JobEstimateRequestSchema', 'JobEstimateSchema', 'JobEventSchema', 'JobFailSchema',
  'JobListQuerySchema', 'JobListResponseSchema', 'JobProgressSchema', 'JobSchema', 'JobStartSchema',
  'JobStatisticsSchema', 'JobUpdateSchema', 'JobViewBaseSchema', 'LLM_TEST_DEFAULT_PROVIDER',
  'LLM_TEST_MESSAGES', 'LLM_TEST_PROVIDERS', 'LLM_TEST_RESULTS_LIMIT', 'LlmFormatResponseSchema',
  'LlmSimpleRequestSchema', 'LlmStructuredRequestSchema', 'LlmTaskParamsSchema',
  'LlmTaskResponseSchema', 'LlmTaskStatusSchema', 'LlmTestResultListSchema', 'LlmTestResultSchema',
  'LoginBodySchema', 'LOW_BALANCE_THRESHOLD_MESSAGE', 'MailOutboxListResponseSchema',
  'MessageResponseSchema', 'MODEL_CALL_MESSAGES', 'ModelCallPolicySchema',
  'ModelCallSettingsSchema', 'ModelCallSettingsUpdateSchema', 'ModelCallUsageQuerySchema',
  'ModelCallUsageSchema', 'NEW_PASSWORD_SAME', 'normalizePipelineChunkSize', 'OcrCompleteSchema',
  'OcrFailSchema', 'OcrJobCreateSchema', 'OcrJobDetailSchema', 'OcrJobListQuerySchema',
  'OcrJobListResponseSchema', 'OcrJobSchema', 'OcrLinesResponseSchema', 'OcrResultSchema',
  'OcrStatisticsSchema', 'OperationsOverviewSchema', 'OUTPUT_SCHEMA_MESSAGES',
  'OUTPUT_SCHEMA_SORTS', 'OutputSchemaCreateSchema', 'OutputSchemaDeleteQuerySchema',
  'OutputSchemaListQuerySchema', 'OutputSchemaListResponseSchema', 'OutputSchemaSchema',
  'OutputSchemaStatisticsSchema', 'OutputSchemaUpdateSchema', 'OutputSchemaValidateBodySchema',
  'OutputSchemaValidateResponseSchema', 'PaginationQuerySchema', 'PasswordChangeBodySchema',
  'passwordRuleFailures', 'PIPELINE_CHUNK_SIZE', 'PIPELINE_MESSAGES', 'PIPELINE_STAGE_RANGES',
  'PIPELINE_STAGES', 'PipelineCreateSchema', 'PipelineJobSchema', 'PrepareUploadBodySchema',
  'PrepareUploadErrorSchema', 'PrepareUploadResponseSchema', 'PROMPT_ALLOWED_VARIABLES',
  'PROMPT_MESSAGES', 'PROMPT_SORTS', 'PROMPT_TYPES', 'PromptCreateSchema', 'PromptListQuerySchema',
  'PromptListResponseSchema', 'PromptPlaygroundRequestSchema', 'PromptPlaygroundResponseSchema',
  'PromptSchema', 'PromptStatisticsSchema', 'PromptUpdateSchema', 'PromptValidateBodySchema',
  'PromptValidateResponseSchema', 'PublicSiteSettingsSchema', 'RanWithSchema', 'REEXTRACT_MESSAGES',
  'ReExtractRequestSchema', 'ReExtractResponseSchema', 'RegisterBodySchema',
  'RegisterResponseSchema', 'RESET_LINK_INVALID', 'ResetPasswordBodySchema',
  'ResourceLimitsResponseSchema', 'ResourceTypeDefinitionSchema', 'ResourceTypeDeleteQuerySchema',
  'ResourceTypeListResponseSchema', 'ResourceTypeSchema', 'ResourceTypeUpdateSchema',
  'ReviewChecksSummarySchema', 'ReviewMarkRequestSchema', 'ReviewRecordSchema',
  'SCHEMA_FIELD_TYPES', 'SCHEMA_STRING_FORMATS', 'SeedResourcesBodySchema',
  'SeedResourcesResponseSchema', 'SessionListResponseSchema', 'SessionsRevokedResponseSchema',
  'SignedQuerySchema', 'SiteSettingsSchema', 'SiteSettingsUpdateSchema', 'TERMINAL_JOB_STATUSES',
  'TestNotificationBodySchema', 'TestNotificationResponseSchema', 'TokenResponseSchema',
  'UPLOAD_MESSAGES', 'UserSchema', 'UuidSchema', 'ValidateDataBodySchema',
  'ValidateDataResponseSchema', 'ValidationErrorResponseSchema', 'WEAK_PASSWORD_DETAIL',
  'WEAK_PASSWORD_MESSAGE', 'WEBHOOK_EVENT_TYPES', 'WEBHOOK_SECRET_MIN_BYTES', 'WEBHOOK_TEST_EVENT',
  'WebhookDeliveryListSchema', 'WebhookDeliverySchema', 'WebhookEndpointCreatedSchema',
  'WebhookEndpointCreateSchema', 'WebhookEndpointListSchema', 'WebhookEndpointSchema',
  'WebhookEndpointUpdateSchema', 'WebhookSettingsSchema', 'WINDOW_SIZE',
];

const SCHEMA_TYPES = [
  'AdminCreditRequest', 'AdminUser', 'AdminUserSort', 'AdminUserUpdate', 'ApiKey', 'ApiKeyCreate',
  'ApiKeyCreated', 'ApiKeyScope', 'BalanceAdjustment', 'BalanceAdjustmentCreate', 'CheckRule',
  'ChunkingJob', 'ChunkingJobDetail', 'ChunkingProcessingConfig', 'ChunkingResultsSummary',
  'ChunkingRun', 'ChunkingStrategyName', 'ChunkItem', 'ChunkUpdate', 'CleanupResponse',
  'CompleteUploadResponse', 'ContactType', 'CorrectionEntry', 'CorrectionRequest',
  'CorrectionTarget', 'CreditRequest', 'CreditRequestCreate', 'CreditRequestStats',
  'CreditRequestStatus', 'CreditSettings', 'CreditSettingsUpdate', 'DataError', 'Dataset',
  'DatasetCreate', 'DatasetDetail', 'DatasetExportLink', 'DatasetRef', 'DatasetSortColumn',
  'DatasetStatus', 'EstimateTextBasis', 'Evaluation', 'EvaluationField', 'EvaluationRun', 'Example',
  'ExampleUpdate', 'ExampleValidateResponse', 'ExportFormat', 'ExportPart', 'ExportQuery',
  'ExtractionResult', 'ExtractResponse', 'Feedback', 'FeedbackCategory', 'FeedbackCreate',
  'FeedbackStats', 'FileBulkRefusal', 'FileBulkRequest', 'FileBulkResponse', 'FileInfo',
  'FileListResponse', 'FileSortColumn', 'FileStatistics', 'FileType', 'Job', 'JobActual',
  'JobDependencies', 'JobDetail', 'JobEstimate', 'JobEstimateRequest', 'JobEvent', 'JobEventType',
  'JobRef', 'JobSetupNames', 'JobSortColumn', 'JobStatistics', 'JobStatus', 'JobUpdate',
  'LlmSimpleRequest', 'LlmStructuredRequest', 'LlmTaskStatus', 'LlmTestResult', 'ModelCallAccess',
  'ModelCallSettings', 'ModelCallSettingsUpdate', 'ModelCallUsage', 'MonitorChild', 'OcrJob',
  'OcrJobDetail', 'OcrLineItem', 'OcrResult', 'OcrResultsSummary', 'OcrStatistics',
  'OperationsOverview', 'OperationsWorker', 'OutputSchema', 'OutputSchemaCreate',
  'OutputSchemaSort', 'OutputSchemaStatistics', 'OutputSchemaUpdate', 'PasswordChangeBody',
  'PathError', 'PipelineCreate', 'PipelineJob', 'PipelineStage', 'PrepareUploadFile',
  'PrepareUploadResponse', 'Prompt', 'PromptCreate', 'PromptKind', 'PromptPlaygroundRequest',
  'PromptPlaygroundResponse', 'PromptSort', 'PromptStatistics', 'PromptUpdate',
  'PromptValidateResponse', 'Provenance', 'PublicSiteSettings', 'QuotaInfo', 'RanWith',
  'ReExtractRequest', 'ResetPeriod', 'ResourceLimitEntry', 'ResourceLimitsResponse', 'ResourceType',
  'ResourceTypeDefinition', 'ResourceTypeUpdate', 'RetryMode', 'ReviewCheck',
  'ReviewRecordResponse', 'SchemaDefinition', 'SchemaField', 'SchemaFieldType', 'SeedAction',
  'Session', 'SiteSettings', 'SiteSettingsUpdate', 'SortOrder', 'TableStructureEntry',
  'TestNotificationResponse', 'TokenResponse', 'UploadResult', 'Urgency', 'User',
  'ValidationErrorItem', 'ValueProvenance', 'ValueSource', 'WebhookDelivery', 'WebhookEndpoint',
  'WebhookEndpointCreate', 'WebhookEndpointCreated', 'WebhookEventType', 'WebhookSettings',
  'WsChannel',
];

const REVIEW_VALUES = [
  'cellText', 'childPath', 'columnsOf', 'fieldLabel', 'formatRecordValue', 'isUnder', 'parsePath',
  'pathOf', 'ROWS_KEY', 'splitRecord', 'unifiedPathOf', 'unifyResults', 'unifyTraced',
];

const REVIEW_TYPES = [
  'PathSegment', 'UnifiedOrigin', 'UnifiedRecord',
];

const byName = (a: string, b: string) => a.localeCompare(b);
const entryOf = (dir: string) => readFileSync(path.join(__dirname, dir, 'index.ts'), 'utf8');
// The lists are wrapped, several names a line: a type is `type Name` inside an `export { … }`.
const typesNamed = (entry: string) =>
  [...entry.matchAll(/export \{([^}]*)\}/g)].flatMap((block) =>
    [...(block[1] ?? '').matchAll(/\btype (\w+)/g)].map((m) => m[1] ?? ''),
  );

describe.each([
  { entry: 'schemas', module: schemas, values: SCHEMA_VALUES, types: SCHEMA_TYPES },
  { entry: 'review', module: review, values: REVIEW_VALUES, types: REVIEW_TYPES },
])('@quarry/shared/$entry', ({ entry, module, values, types }) => {
  const text = entryOf(entry);

  it('names every export: no `export *`', () => {
    expect(text).not.toMatch(/export\s*\*/);
  });

  it('exports exactly the listed values', () => {
    expect(Object.keys(module).sort(byName)).toEqual([...values].sort(byName));
  });

  it('exports exactly the listed types', () => {
    expect(typesNamed(text).sort(byName)).toEqual([...types].sort(byName));
  });
});
