// Business constants shared by the API and every front-end app.
// Isomorphic: no imports at all. Values are the product's rules, named as on
// docs/product/*.md; a value picked here where several would do is marked "chosen".

// ---------------------------------------------------------------- API paths
export const API_BASE_PATH = '/api/v1';
export const WS_CONNECT_PATH = '/ws/connect';
/** `/ws/session/{userId}` */
export const WS_SESSION_PATH_PREFIX = '/ws/session/';
/** The access token travels in the sub-protocol `auth.<base64url(token)>`. */
export const WS_AUTH_PROTOCOL_PREFIX = 'auth.';
/** httpOnly refresh cookie set by login/register/refresh, path `/api/v1/auth`. */
export const REFRESH_COOKIE_NAME = 'quarry_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';
/**
 * A readable companion of the httpOnly refresh cookie, holding no secret: it only tells the
 * page that a session may exist, so an anonymous visitor's page skips the refresh call
 * (which would answer 401) instead of making it on every load.
 */
export const SESSION_HINT_COOKIE_NAME = 'quarry_session';
/** Does a `document.cookie` string carry the session hint? (Here so the shell's entry can ask before shared modules load.) */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE_NAME}=`));
}

// ---------------------------------------------------------------- lists
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_OFFSET = 0;
/** chosen: the largest `limit` any list accepts */
export const MAX_PAGE_SIZE = 500;
export const RECENT_CHUNKING_JOBS_LIMIT = 5;
export const FILE_LIST_PAGE_SIZE = 50;
export const PROMPT_LIST_LIMIT = 100;
export const SCHEMA_LIST_LIMIT = 100;

// ---------------------------------------------------------------- passwords / auth
export const PASSWORD_MIN_LENGTH = 8;
/** chosen: longer passwords are refused (hashing and strength estimation cost) */
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn score (0..4) a sign-up password must reach */
export const PASSWORD_MIN_SCORE = 2;
export const EMAIL_MAX_LENGTH = 254;

// ---------------------------------------------------------------- contact & feedback
export const CONTACT_TYPES = ['support', 'bug', 'feature', 'account'] as const;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
/** chosen: server-side maximum of a contact message */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'improvement', 'other'] as const;
/** the counter limit the feedback dialog displays (not enforced by the UI) */
export const FEEDBACK_MESSAGE_DISPLAY_LIMIT = 1000;
/** chosen: server-side maximum of a feedback message */
export const FEEDBACK_MESSAGE_MAX_LENGTH = 5000;

// ---------------------------------------------------------------- credits
export const INITIAL_CREDIT_BALANCE = 100;
/** 100 or less counts as low */
export const LOW_BALANCE_THRESHOLD = 100;
export const CREDIT_REQUEST_MAX_AMOUNT = 10_000;
export const CREDIT_QUICK_SELECT_AMOUNTS = [100, 250, 500, 1000, 2500, 5000] as const;
export const PROJECT_DESCRIPTION_MIN_LENGTH = 50;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 2000;
export const CREDIT_REQUEST_FEEDBACK_MAX_LENGTH = 2000;
/** chosen: maximum length of admin review notes */
export const ADMIN_NOTES_MAX_LENGTH = 2000;
export const URGENCY_VALUES = ['low', 'normal', 'high'] as const;
export const DEFAULT_URGENCY = 'normal';
export const USAGE_PURPOSE_VALUES = [
  'data_extraction',
  'document_analysis',
  'research_project',
  'business_automation',
  'content_generation',
  'testing_evaluation',
  'education',
  'other',
] as const;
export const EXPECTED_DURATION_VALUES = ['1-week', '2-weeks', '1-month', '2-3-months', 'ongoing'] as const;
export const CREDIT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ADMIN_CREDIT_REQUEST_LIMIT = 100;

// ---------------------------------------------------------------- resources / quotas
export const RESET_PERIODS = ['NEVER', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export const AGGREGATION_TYPES = ['COUNT', 'SUM', 'MAX', 'MIN', 'AVG'] as const;
/** usage colours: warning at 80 %, error at 90 % */
export const RESOURCE_USAGE_WARNING_PERCENT = 80;
export const RESOURCE_USAGE_ERROR_PERCENT = 90;
/** chosen: default alert threshold (percent) of a resource type; `is_near_limit` uses it */
export const DEFAULT_ALERT_THRESHOLD_PERCENT = 80;

export interface DefaultResourceType {
  name: string;
  description: string;
  unit: string;
  reset_period: (typeof RESET_PERIODS)[number];
  aggregation_type: (typeof AGGREGATION_TYPES)[number];
  default_limit: number;
  default_alert_threshold: number;
  credit_cost: number;
}

/** Seeded at first start and by `POST admin/seed-resources`. */
export const DEFAULT_RESOURCE_TYPES: readonly DefaultResourceType[] = [
  {
    name: 'max_file_count',
    description: 'Maximum number of files you can store',
    unit: 'files',
    reset_period: 'NEVER',
    aggregation_type: 'COUNT',
    default_limit: 50,
    default_alert_threshold: DEFAULT_ALERT_THRESHOLD_PERCENT,
    credit_cost: 0,
  },
  {
    name: 'max_pages',
    description: 'Maximum number of document pages across your files',
    unit: 'pages',
    reset_period: 'NEVER',
    aggregation_type: 'COUNT',
    default_limit: 500,
    default_alert_threshold: DEFAULT_ALERT_THRESHOLD_PERCENT,
    credit_cost: 0,
  },
  {
    name: 'storage_used',
    description: 'Storage used by your files, in MB',
    unit: 'MB',
    reset_period: 'NEVER',
    aggregation_type: 'SUM',
    default_limit: 1024,
    default_alert_threshold: DEFAULT_ALERT_THRESHOLD_PERCENT,
    credit_cost: 0,
  },
  {
    name: 'weekly_jobs',
    description: 'Processing jobs per week; each job consumes credits',
    unit: 'jobs',
    reset_period: 'WEEKLY',
    aggregation_type: 'COUNT',
    default_limit: 10,
    default_alert_threshold: DEFAULT_ALERT_THRESHOLD_PERCENT,
    credit_cost: 1,
  },
];

// ---------------------------------------------------------------- uploads
export const UPLOAD_MAX_FILES_PER_BATCH = 50;
export const ALLOWED_UPLOAD_EXTENSIONS = ['pdf', 'jpeg', 'jpg', 'png', 'gif', 'bmp', 'tiff'] as const;
/** estimated pages of a PDF: max(1, ceil(size / 100000)); images: 1 */
export const PDF_BYTES_PER_ESTIMATED_PAGE = 100_000;

// ---------------------------------------------------------------- realtime
export const WS_CHANNELS = ['general', 'jobs'] as const;
export const WS_MAX_RECONNECT_ATTEMPTS = 5;
export const WS_RECONNECT_BASE_DELAY_MS = 1000;
export const WS_RECONNECT_MAX_DELAY_MS = 30_000;
export const WS_PING_REPLY_TIMEOUT_MS = 5000;
export const WS_PING_RESULT_DISPLAY_MS = 2500;
/** Close codes the API uses on `/ws/*` sockets. 1000 = normal close (not retried). */
export const WS_CLOSE_CODES = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  /** missing, malformed, invalid or expired access token */
  UNAUTHORIZED: 4401,
  /** token valid but not allowed: another user's id in /ws/session/{userId}, disabled account */
  FORBIDDEN: 4403,
  /** the client did not answer server pings in time */
  PING_TIMEOUT: 4408,
  /** the user already has the most sockets one API process accepts (WS_MAX_SOCKETS_PER_USER) */
  TOO_MANY_CONNECTIONS: 4429,
} as const;

// ---------------------------------------------------------------- UI timings
export const TOAST_DURATION_MS = 5000;
export const FEEDBACK_DIALOG_AUTO_CLOSE_MS = 2000;
/** email preferences and resource limits are cached for 5 minutes */
export const ACCOUNT_CACHE_TTL_MS = 5 * 60 * 1000;
export const LLM_TASK_POLL_INTERVAL_MS = 2000;
export const LLM_RESULTS_REFETCH_INTERVAL_MS = 10_000;
export const LLM_RESULTS_LIMIT = 50;
export const LLM_DEFAULT_PROVIDER = 'gemini';
export const TEMPLATE_PREVIEW_LENGTH = 120;
export const SCHEMA_PREVIEW_LENGTH = 150;
