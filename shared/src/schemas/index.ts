// Zod schemas + entity types shared by the API and the UI. Isomorphic: zod only.
//
// The public surface is this list, name by name: a schema file may export more for its
// neighbours (building blocks such as `listResponse` or `TimestampSchema`), but only what is
// named here reaches the API and the apps. src/entrySurfaces.test.ts pins the list.
export {
  ErrorResponseSchema, IdParamsSchema, MessageResponseSchema, PaginationQuerySchema, UuidSchema,
  ValidationErrorResponseSchema, type SortOrder, type ValidationErrorItem,
} from './common';
export {
  HealthResponseSchema,
} from './health';
export {
  EmailPreferencesSchema, EmailPreferencesUpdateSchema, ResourceLimitsResponseSchema, UserSchema,
  type ResetPeriod, type ResourceLimitEntry, type ResourceLimitsResponse, type User,
} from './users';
export {
  CURRENT_PASSWORD_WRONG, FORGOT_PASSWORD_ANSWER, ForgotPasswordBodySchema, LoginBodySchema,
  MailOutboxListResponseSchema, NEW_PASSWORD_SAME, PasswordChangeBodySchema, passwordRuleFailures,
  RegisterBodySchema, RegisterResponseSchema, RESET_LINK_INVALID, ResetPasswordBodySchema,
  SessionListResponseSchema, SessionsRevokedResponseSchema, TokenResponseSchema,
  WEAK_PASSWORD_DETAIL, WEAK_PASSWORD_MESSAGE, type PasswordChangeBody, type Session,
  type TokenResponse,
} from './auth';
export {
  AdminCreditRequestListQuerySchema, AdminCreditRequestListResponseSchema, AdminCreditRequestSchema,
  CREDIT_REQUEST_MESSAGES, CreditRequestCreateSchema, CreditRequestListResponseSchema,
  CreditRequestReviewSchema, CreditRequestSchema, CreditRequestStatsSchema, CreditSettingsSchema,
  CreditSettingsUpdateSchema, DEFAULT_LOW_BALANCE_THRESHOLD, isBelowThreshold,
  LOW_BALANCE_THRESHOLD_MESSAGE, type AdminCreditRequest, type CreditRequest,
  type CreditRequestCreate, type CreditRequestStats, type CreditRequestStatus, type CreditSettings,
  type CreditSettingsUpdate, type Urgency,
} from './credits';
export {
  ResourceTypeDefinitionSchema, ResourceTypeDeleteQuerySchema, ResourceTypeListResponseSchema,
  ResourceTypeSchema, ResourceTypeUpdateSchema, SeedResourcesBodySchema,
  SeedResourcesResponseSchema, type ResourceType, type ResourceTypeDefinition,
  type ResourceTypeUpdate, type SeedAction,
} from './resources';
export {
  FeedbackCreateSchema, FeedbackListQuerySchema, FeedbackListResponseSchema, FeedbackSchema,
  FeedbackStatsSchema, type Feedback, type FeedbackCategory, type FeedbackCreate,
  type FeedbackStats,
} from './feedback';
export {
  ContactCreateSchema, ContactResponseSchema, type ContactType,
} from './contact';
export {
  ClientMessageSchema, TestNotificationBodySchema, TestNotificationResponseSchema,
  type TestNotificationResponse, type WsChannel,
} from './realtime';
export {
  CleanupBodySchema, CleanupQuerySchema, CleanupResponseSchema, FILE_SORT_COLUMNS,
  FileBulkRequestSchema, FileBulkResponseSchema, FileDatasetsResponseSchema, FileDeleteQuerySchema,
  FileDeleteResponseSchema, FileDownloadUrlResponseSchema, FileListQuerySchema,
  FileListResponseSchema, FileSchema, FileStatisticsSchema, SignedQuerySchema, type CleanupResponse,
  type DatasetRef, type FileBulkRefusal, type FileBulkRequest, type FileBulkResponse, type FileInfo,
  type FileListResponse, type FileSortColumn, type FileStatistics, type FileType,
} from './files';
export {
  BlobPutResponseSchema, CompleteUploadBodySchema, CompleteUploadResponseSchema,
  PrepareUploadBodySchema, PrepareUploadErrorSchema, PrepareUploadResponseSchema, UPLOAD_MESSAGES,
  type CompleteUploadResponse, type PrepareUploadFile, type PrepareUploadResponse, type QuotaInfo,
  type UploadResult,
} from './uploads';
export {
  DATASET_DETAIL_JOBS, DATASET_SORT_COLUMNS, DatasetCreateSchema, DatasetDetailSchema,
  DatasetFilesBodySchema, DatasetFilesResponseSchema, DatasetListQuerySchema,
  DatasetListResponseSchema, DatasetSchema, DatasetUpdateSchema, type Dataset, type DatasetCreate,
  type DatasetDetail, type DatasetExportLink, type DatasetSortColumn, type DatasetStatus,
} from './datasets';
export {
  LlmFormatResponseSchema, OUTPUT_SCHEMA_MESSAGES, OUTPUT_SCHEMA_SORTS, OutputSchemaCreateSchema,
  OutputSchemaListQuerySchema, OutputSchemaListResponseSchema, OutputSchemaSchema,
  OutputSchemaStatisticsSchema, OutputSchemaUpdateSchema, OutputSchemaValidateBodySchema,
  OutputSchemaValidateResponseSchema, SCHEMA_FIELD_TYPES, SCHEMA_STRING_FORMATS,
  ValidateDataBodySchema, ValidateDataResponseSchema, type DataError, type OutputSchema,
  type OutputSchemaCreate, type OutputSchemaSort, type OutputSchemaStatistics,
  type OutputSchemaUpdate, type PathError, type SchemaDefinition, type SchemaFieldType,
} from './output-schemas';
export {
  PROMPT_ALLOWED_VARIABLES, PROMPT_MESSAGES, PROMPT_SORTS, PROMPT_TYPES, PromptCreateSchema,
  PromptListQuerySchema, PromptListResponseSchema, PromptSchema, PromptStatisticsSchema,
  PromptUpdateSchema, PromptValidateBodySchema, PromptValidateResponseSchema, type Prompt,
  type PromptCreate, type PromptKind, type PromptSort, type PromptStatistics, type PromptUpdate,
  type PromptValidateResponse,
} from './prompts';
export {
  EXAMPLE_MESSAGES, ExampleCreateSchema, ExampleListQuerySchema, ExampleListResponseSchema,
  ExampleSchema, ExampleUpdateSchema, ExampleValidateResponseSchema, type Example,
  type ExampleUpdate, type ExampleValidateResponse,
} from './examples';
export {
  ACTIVE_JOB_STATUSES, JOB_SORT_COLUMNS, JOB_STATUSES, JOB_TYPES, JobCompleteSchema,
  JobCreateSchema, JobDependenciesSchema, JobDetailSchema, JobEventSchema, JobFailSchema,
  JobListQuerySchema, JobListResponseSchema, JobProgressSchema, JobSchema, JobStartSchema,
  JobStatisticsSchema, JobUpdateSchema, JobViewBaseSchema, RanWithSchema, TERMINAL_JOB_STATUSES,
  type Job, type JobDependencies, type JobDetail, type JobEvent, type JobEventType, type JobRef,
  type JobSortColumn, type JobStatistics, type JobStatus, type JobUpdate, type RanWith,
  type RetryMode,
} from './jobs';
export {
  type JobActual, type JobSetupNames, type MonitorChild,
} from './job-monitor';
export {
  OcrCompleteSchema, OcrFailSchema, OcrJobCreateSchema, OcrJobDetailSchema, OcrJobListQuerySchema,
  OcrJobListResponseSchema, OcrJobSchema, OcrLinesResponseSchema, OcrResultSchema,
  OcrStatisticsSchema, type OcrJob, type OcrJobDetail, type OcrLineItem, type OcrResult,
  type OcrResultsSummary, type OcrStatistics,
} from './ocr';
export {
  ChunkingHealthResponseSchema, ChunkingJobDetailSchema, ChunkingJobListQuerySchema,
  ChunkingJobListResponseSchema, ChunkingRunSchema, ChunkingRunsResponseSchema,
  ChunkingStrategiesResponseSchema, ChunkingTestResponseSchema, ChunkingTestSchema, ChunkSchema,
  ChunksResponseSchema, ChunkUpdateSchema, FileChunkParamsSchema, FileRunParamsSchema, WINDOW_SIZE,
  type ChunkingJob, type ChunkingJobDetail, type ChunkingProcessingConfig,
  type ChunkingResultsSummary, type ChunkingRun, type ChunkingStrategyName, type ChunkItem,
  type ChunkUpdate, type TableStructureEntry,
} from './chunking';
export {
  ExtractionResultListSchema, ExtractionResultsQuerySchema, REEXTRACT_MESSAGES,
  ReExtractRequestSchema, ReExtractResponseSchema, type ExtractionResult, type ReExtractRequest,
} from './extraction';
export {
  normalizePipelineChunkSize, PIPELINE_CHUNK_SIZE, PIPELINE_MESSAGES, PIPELINE_STAGE_RANGES,
  PIPELINE_STAGES, PipelineCreateSchema, PipelineJobSchema, type PipelineCreate, type PipelineJob,
  type PipelineStage,
} from './pipeline';
export {
  LLM_TEST_DEFAULT_PROVIDER, LLM_TEST_MESSAGES, LLM_TEST_PROVIDERS, LLM_TEST_RESULTS_LIMIT,
  LlmSimpleRequestSchema, LlmStructuredRequestSchema, LlmTaskParamsSchema, LlmTaskResponseSchema,
  LlmTaskStatusSchema, LlmTestResultListSchema, LlmTestResultSchema, ModelCallPolicySchema,
  type LlmSimpleRequest, type LlmStructuredRequest, type LlmTaskStatus, type LlmTestResult,
} from './llm-test';
export {
  ESTIMATE_TEXT_BASES, JobEstimateRequestSchema, JobEstimateSchema, type EstimateTextBasis,
  type JobEstimate, type JobEstimateRequest,
} from './job-estimate';
export {
  ADMIN_USER_SORTS, AdminContactMessageListQuerySchema, AdminContactMessageListResponseSchema,
  AdminJobRetryResponseSchema, AdminUserListQuerySchema, AdminUserListResponseSchema,
  AdminUserSchema, AdminUserUpdateSchema, BALANCE_ADJUSTMENT_MESSAGES,
  BalanceAdjustmentCreateSchema, BalanceAdjustmentSchema, MODEL_CALL_MESSAGES,
  ModelCallSettingsSchema, ModelCallSettingsUpdateSchema, ModelCallUsageQuerySchema,
  ModelCallUsageSchema, OperationsOverviewSchema, PublicSiteSettingsSchema, SiteSettingsSchema,
  SiteSettingsUpdateSchema, type AdminUser, type AdminUserSort, type AdminUserUpdate,
  type BalanceAdjustment, type BalanceAdjustmentCreate, type ModelCallAccess,
  type ModelCallSettings, type ModelCallSettingsUpdate, type ModelCallUsage,
  type OperationsOverview, type OperationsWorker, type PublicSiteSettings, type SiteSettings,
  type SiteSettingsUpdate,
} from './admin';
export {
  OutputSchemaDeleteQuerySchema, PromptPlaygroundRequestSchema, PromptPlaygroundResponseSchema,
  type PromptPlaygroundRequest, type PromptPlaygroundResponse,
} from './playground';
export {
  type Provenance, type ValueProvenance,
} from './provenance';
export {
  CorrectionRequestSchema, FileCorrectionParamsSchema, ReviewChecksSummarySchema,
  ReviewMarkRequestSchema, ReviewRecordSchema, type CheckRule, type CorrectionEntry,
  type CorrectionRequest, type CorrectionTarget, type ReviewCheck, type ReviewRecordResponse,
  type SchemaField, type ValueSource,
} from './review';
export {
  EvaluationQuerySchema, EvaluationSchema, ExportQuerySchema, type Evaluation, type EvaluationField,
  type EvaluationRun, type ExportFormat, type ExportPart, type ExportQuery,
} from './review-export';
export {
  API_KEY_NAME_MAX, API_KEY_SCOPES, ApiKeyCreatedSchema, ApiKeyCreateSchema, ApiKeyListSchema,
  ApiKeySchema, ExtractQuerySchema, ExtractResponseSchema, IDEMPOTENCY_KEY_MAX, WEBHOOK_EVENT_TYPES,
  WEBHOOK_SECRET_MIN_BYTES, WEBHOOK_TEST_EVENT, WebhookDeliveryListSchema, WebhookDeliverySchema,
  WebhookEndpointCreatedSchema, WebhookEndpointCreateSchema, WebhookEndpointListSchema,
  WebhookEndpointSchema, WebhookEndpointUpdateSchema, WebhookSettingsSchema, type ApiKey,
  type ApiKeyCreate, type ApiKeyCreated, type ApiKeyScope, type ExtractResponse,
  type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointCreate,
  type WebhookEndpointCreated, type WebhookEventType, type WebhookSettings,
} from './integrations';

