// All runtime configuration, read once from the environment (with defaults).
// buildApp(config) takes a Config; tests build one with testConfig() / loadConfig(env).
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { INITIAL_CREDIT_BALANCE } from '@quarry/shared/constants';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** LOG_LEVEL: info by default (silent in tests); debug adds one line per request */
  logLevel: string;
  /** LOG_FORMAT: 'pretty' (one readable line per entry; default outside production) or 'json' (pino's JSON lines; default with NODE_ENV=production) */
  logFormat: 'pretty' | 'json';
  /** embedded mode: PGlite lives in `${dataDir}/pg`, lock in `${dataDir}/pg.lock`, secret in `${dataDir}/secret` */
  dataDir: string;
  /** PostgreSQL server; when set the embedded database is not used */
  databaseUrl: string | null;
  dbPoolMax: number;
  /** HS256 secret; generated and persisted when absent */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  /** how long an API process trusts its answer to "is this session alive?"; revocations evict at once (SESSION_CACHE_SECONDS) */
  sessionCacheSeconds: number;
  /** LIST_CACHE_MB (default 64, 0 = off): memory for list answers kept per user until their rows change (lib/list-cache.ts) */
  listCacheMb: number;
  refreshTokenTtlSeconds: number;
  /** a refresh token presented again this soon after its rotation (another tab) gets a sibling instead of revoking the session */
  refreshReuseGraceSeconds: number;
  cookieSecure: boolean;
  corsOrigins: string[];
  /**
   * Which peers may tell the client's address in X-Forwarded-For (TRUST_PROXY): request.ip —
   * the key of the per-address rate limits — comes from that header only when the request
   * arrives from such a proxy, else it is the socket's address. 'loopback' by default (the
   * shell's server forwards /api from loopback); 'false'; 'true' (any peer: never on an open
   * port); a hop count; or a comma-separated list of addresses / CIDR ranges.
   */
  trustProxy: boolean | number | string;
  bodyLimitBytes: number;
  /**
   * SHUTDOWN_DRAIN_SECONDS (default 6, at most 8): on SIGTERM / SIGINT the API stops taking
   * requests and waits this long for those in flight before it closes their connections,
   * the workers, the sockets and the database (main.ts exits after 10 s whatever happens)
   */
  shutdownDrainSeconds: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  rateLimits: {
    windowSeconds: number;
    loginPerIp: number;
    loginPerAccount: number;
    registerPerIp: number;
    /** contact: per IP per contactWindowSeconds */
    contactPerIp: number;
    contactWindowSeconds: number;
    feedbackPerUser: number;
    /** model calls from the test pages (LLM test, prompt playground) per user and minute, until an admin sets it; MODEL_CALLS_PER_MINUTE */
    modelCallsPerMinute: number;
    /** password changes per user (PASSWORD_CHANGE_RATE_LIMIT_PER_USER) per window */
    passwordChangePerUser: number;
    /** reset-link requests and resets per address (PASSWORD_RESET_RATE_LIMIT_PER_IP) per window */
    passwordResetPerIp: number;
    /** reset-link requests per email address (PASSWORD_RESET_RATE_LIMIT_PER_EMAIL) per window */
    passwordResetPerEmail: number;
  };
  lockout: { threshold: number; minutes: number };
  initialCreditBalance: number;
  /** password-reset mail (docs in api/README.md "Password reset") */
  mail: {
    /** SMTP_URL (smtp://user:pass@host:587, smtps://...): unset, the link goes to the log and the admin messages */
    smtpUrl: string | null;
    /** MAIL_FROM */
    from: string;
    /** APP_URL: where the web app answers, the base of the links in mail (default: the first CORS origin) */
    appUrl: string;
  };
  /** a reset link works this long (PASSWORD_RESET_TTL_SECONDS, default 1 hour) */
  passwordResetTtlSeconds: number;
  ws: {
    pingIntervalSeconds: number;
    pongTimeoutSeconds: number;
    maxPayloadBytes: number;
    /** sockets one user may hold open on one API process; one more is closed with 4429 (WS_MAX_SOCKETS_PER_USER) */
    maxSocketsPerUser: number;
  };
  admin: { email: string | null; password: string | null };
  /** expose POST /api/v1/test/* developer endpoints (on by default: the product has a WebSocket test page, docs/product/platform.md) */
  enableTestEndpoints: boolean;
  /** file storage (uploads, files): local disk by default, S3-compatible when S3_BUCKET is set */
  storage: StorageConfig;
  /** the job queue and its workers (api/src/jobs) */
  jobs: JobsConfig;
  /** API keys and webhooks (docs/api-keys-webhooks.md) */
  integrations: IntegrationsConfig;
}

export interface IntegrationsConfig {
  /** requests one API key may make per minute on one API process (API_KEY_RATE_LIMIT_PER_MINUTE) */
  apiKeyRequestsPerMinute: number;
  /** a webhook receiver gets this long to answer (WEBHOOK_TIMEOUT_MS) */
  webhookTimeoutMs: number;
  /** waits between delivery attempts (WEBHOOK_RETRY_DELAYS_SECONDS, comma-separated): attempts = waits + 1 */
  webhookRetryDelaysMs: number[];
}

export interface JobsConfig {
  /** jobs run at once by a worker process (`npm run worker`); WORKER_CONCURRENCY, default 2 */
  concurrency: number;
  /** job slots of the workers inside the API process; QUARRY_WORKERS, default = concurrency; 0 = an API without workers */
  inApiWorkers: number;
  /** a running job's lease; renewed every third of it. A worker silent this long is taken for dead */
  leaseSeconds: number;
  /** workers look for claimable jobs this often even without a notification (expired leases, retry delays) */
  pollIntervalMs: number;
  /**
   * a worker process beats its `workers` row this often; a worker whose row is 2 beats old
   * is taken for dead and its running jobs are claimable at once (not after the lease).
   * WORKER_HEARTBEAT_MS, default 5000
   */
  workerHeartbeatMs: number;
  /** claims (worker deaths and transient errors included) before a job is failed */
  maxAttempts: number;
  /** first retry delay after a transient error, doubled per attempt */
  retryBaseMs: number;
  /** a parent waiting for its children is re-checked at least this often */
  waitRecheckSeconds: number;
  /** pages recognised in parallel by one OCR job; default = concurrency */
  ocrConcurrency: number;
  ocrEngine: 'auto' | 'tesseract-cli' | 'tesseract-js';
  /** OCR_MODEL: 'fast' (the tesseract command's own data: Debian's tessdata_fast), 'best' (tessdata_best, integer, from @tesseract.js-data) or 'fast+best' (a page read with little confidence read again with best) */
  ocrModel: 'fast' | 'best' | 'fast+best';
  /** OCR_LANGUAGES: 'auto' (default: each page's language told among eng, deu, fra, nld, spa, ita, pol and read in it) or tesseract codes joined by '+' */
  ocrLanguages: string;
  /** OCR_MAX_PAGE_PIXELS: an image or rendered page above this is scaled down before recognition (default 16 Mpx) */
  ocrMaxPagePixels: number;
  /** PDF_MAX_PAGES: a PDF with more pages is refused (validation) and fails its OCR (default 2000) */
  pdfMaxPages: number;
  /** PDF_MAX_STREAM_MB / PDF_MAX_INFLATED_MB: a compressed stream / all of them may expand to this much (defaults 256 / 1024) */
  pdfMaxStreamBytes: number;
  pdfMaxInflatedBytes: number;
  /** PROCESSING_POOL_SIZE: threads of the processing pool (default os.availableParallelism()), docs/processing-pool.md */
  poolSize: number;
  /** PROCESSING_THREAD_MEMORY_MB: V8 heap limit of each processing thread (default 1024) */
  poolThreadMemoryMb: number;
  /** QUARRY_TMP_DIR: temporary work (per-job folders), default DATA_DIR/tmp; swept at start */
  tmpDir: string | null;
  /** QUARRY_EXTRA_JOB_HANDLERS: modules of extra job types (tests and benches only), see jobs/extra-handlers.ts */
  extraHandlers: string | null;
}

export interface StorageConfig {
  driver: 'local' | 's3';
  /** local driver: blobs live here; null = DATA_DIR/files (see storageDir()) */
  localDir: string | null;
  /** free space kept on the local store's and the embedded database's disks: a write that would eat into it gets 507 (DISK_RESERVE_MB) */
  diskReserveBytes: number;
  /** HMAC key of the local signed URLs; derived from the JWT secret when absent */
  signingSecret: string | null;
  /** lifetime of signed upload / download URLs (and of an upload session) */
  urlTtlSeconds: number;
  /** origin put in front of local signed URLs (e.g. https://quarry.example.com); else the request's own origin */
  publicBaseUrl: string | null;
  /** largest single file accepted */
  maxUploadBytes: number;
  /** media processes checking uploaded PDFs and images (pdfjs / canvas) */
  validationConcurrency: number;
  validationTimeoutSeconds: number;
  s3: {
    bucket: string;
    region: string;
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    forcePathStyle: boolean;
    /** key prefix inside the bucket */
    prefix: string;
  } | null;
}

type Env = Record<string, string | undefined>;

const int = (env: Env, key: string, fallback: number, min = 0): number => {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new Error(`Invalid configuration: ${key} must be an integer >= ${min} (got "${raw}")`);
  }
  return n;
};

const atMost = (n: number, max: number, key: string): number => {
  if (n > max) throw new Error(`Invalid configuration: ${key} must be at most ${max} (got ${n})`);
  return n;
};

const bool = (env: Env, key: string, fallback: boolean): boolean => {
  const raw = env[key]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`Invalid configuration: ${key} must be true or false (got "${env[key]}")`);
};

const str = (env: Env, key: string): string | null => {
  const raw = env[key]?.trim();
  return raw ? raw : null;
};

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const trustProxy = parseTrustProxy(str(env, 'TRUST_PROXY') ?? 'loopback');
  return {
    env: nodeEnv,
    port: int(env, 'PORT', 8000),
    host: str(env, 'HOST') ?? '0.0.0.0',
    logLevel: str(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    logFormat: parseLogFormat(str(env, 'LOG_FORMAT') ?? (nodeEnv === 'production' ? 'json' : 'pretty')),
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './data'),
    databaseUrl: str(env, 'DATABASE_URL'),
    dbPoolMax: int(env, 'DB_POOL_MAX', 10, 1),
    jwtSecret: str(env, 'JWT_SECRET'),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 1),
    sessionCacheSeconds: int(env, 'SESSION_CACHE_SECONDS', 5, 0),
    listCacheMb: int(env, 'LIST_CACHE_MB', 64, 0),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 14 * 24 * 3600, 1),
    refreshReuseGraceSeconds: int(env, 'REFRESH_REUSE_GRACE_SECONDS', 30, 0),
    cookieSecure: bool(env, 'COOKIE_SECURE', nodeEnv === 'production'),
    corsOrigins: (str(env, 'CORS_ORIGINS') ?? 'http://localhost:3000')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy,
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    shutdownDrainSeconds: atMost(int(env, 'SHUTDOWN_DRAIN_SECONDS', 6, 0), 8, 'SHUTDOWN_DRAIN_SECONDS'),
    argon2: {
      memoryCost: int(env, 'ARGON2_MEMORY_KIB', 64 * 1024, 8),
      timeCost: int(env, 'ARGON2_TIME_COST', 3, 1),
      parallelism: int(env, 'ARGON2_PARALLELISM', 1, 1),
    },
    rateLimits: {
      windowSeconds: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1),
      loginPerIp: int(env, 'LOGIN_RATE_LIMIT_PER_IP', 30, 1),
      loginPerAccount: int(env, 'LOGIN_RATE_LIMIT_PER_ACCOUNT', 10, 1),
      registerPerIp: int(env, 'REGISTER_RATE_LIMIT_PER_IP', 10, 1),
      contactPerIp: int(env, 'CONTACT_RATE_LIMIT_PER_IP', 5, 1),
      contactWindowSeconds: int(env, 'CONTACT_RATE_LIMIT_WINDOW_SECONDS', 600, 1),
      feedbackPerUser: int(env, 'FEEDBACK_RATE_LIMIT_PER_USER', 30, 1),
      modelCallsPerMinute: int(env, 'MODEL_CALLS_PER_MINUTE', 10, 1),
      passwordChangePerUser: int(env, 'PASSWORD_CHANGE_RATE_LIMIT_PER_USER', 5, 1),
      passwordResetPerIp: int(env, 'PASSWORD_RESET_RATE_LIMIT_PER_IP', 10, 1),
      passwordResetPerEmail: int(env, 'PASSWORD_RESET_RATE_LIMIT_PER_EMAIL', 3, 1),
    },
    lockout: {
      threshold: int(env, 'LOCKOUT_THRESHOLD', 5, 1),
      minutes: int(env, 'LOCKOUT_MINUTES', 15, 1),
    },
    initialCreditBalance: int(env, 'INITIAL_CREDIT_BALANCE', INITIAL_CREDIT_BALANCE, 0),
    mail: {
      smtpUrl: str(env, 'SMTP_URL'),
      from: str(env, 'MAIL_FROM') ?? 'Quarry <no-reply@localhost>',
      appUrl: (str(env, 'APP_URL') ?? (str(env, 'CORS_ORIGINS')?.split(',')[0]?.trim() || 'http://localhost:3000')).replace(/\/+$/, ''),
    },
    passwordResetTtlSeconds: int(env, 'PASSWORD_RESET_TTL_SECONDS', 3600, 1),
    ws: {
      pingIntervalSeconds: int(env, 'WS_PING_INTERVAL_SECONDS', 30, 1),
      pongTimeoutSeconds: int(env, 'WS_PONG_TIMEOUT_SECONDS', 30, 1),
      maxPayloadBytes: int(env, 'WS_MAX_PAYLOAD_BYTES', 64 * 1024, 1024),
      maxSocketsPerUser: int(env, 'WS_MAX_SOCKETS_PER_USER', 20, 1),
    },
    admin: { email: str(env, 'QUARRY_ADMIN_EMAIL'), password: env.QUARRY_ADMIN_PASSWORD ?? null },
    enableTestEndpoints: bool(env, 'ENABLE_TEST_ENDPOINTS', true),
    storage: loadStorageConfig(env),
    jobs: loadJobsConfig(env),
    integrations: {
      apiKeyRequestsPerMinute: int(env, 'API_KEY_RATE_LIMIT_PER_MINUTE', 600, 1),
      webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100),
      webhookRetryDelaysMs: parseDelays(str(env, 'WEBHOOK_RETRY_DELAYS_SECONDS') ?? '30,120,600,1200,1800'),
    },
  };
}

/** 6 attempts over about an hour by default: 30 s, 2 min, 10 min, 20 min, 30 min after the first */
function parseDelays(raw: string): number[] {
  const parts = raw.split(',').map((p) => Number(p.trim()));
  if (parts.length > 20 || parts.some((n) => !Number.isFinite(n) || n < 0 || n > 86_400)) {
    throw new Error(`Invalid configuration: WEBHOOK_RETRY_DELAYS_SECONDS must be up to 20 numbers of seconds, each 0-86400 (got "${raw}")`);
  }
  return parts.map((n) => Math.round(n * 1000));
}

function parseLogFormat(raw: string): Config['logFormat'] {
  if (raw === 'pretty' || raw === 'json') return raw;
  throw new Error(`Invalid configuration: LOG_FORMAT must be pretty or json (got "${raw}")`);
}

function parseTrustProxy(raw: string): Config['trustProxy'] {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const address = /^(?:[0-9.]+|[0-9a-f:.]+)(?:\/\d{1,3})?$/i;
  const bad = entries.find((e) => !named.has(e) && !address.test(e));
  if (entries.length === 0 || bad !== undefined) {
    throw new Error(
      `Invalid configuration: TRUST_PROXY must be true, false, a hop count, or addresses / CIDR ranges / loopback (got "${raw}")`,
    );
  }
  return entries.join(',');
}

function loadJobsConfig(env: Env): JobsConfig {
  const concurrency = int(env, 'WORKER_CONCURRENCY', 2, 1);
  const engine = str(env, 'OCR_ENGINE') ?? 'auto';
  if (!['auto', 'tesseract-cli', 'tesseract-js'].includes(engine)) {
    throw new Error(`Invalid configuration: OCR_ENGINE must be auto, tesseract-cli or tesseract-js (got "${engine}")`);
  }
  const ocrModel = str(env, 'OCR_MODEL') ?? 'fast';
  if (ocrModel !== 'fast' && ocrModel !== 'best' && ocrModel !== 'fast+best') {
    throw new Error(`Invalid configuration: OCR_MODEL must be fast, best or fast+best (got "${ocrModel}")`);
  }
  const ocrLanguages = str(env, 'OCR_LANGUAGES') ?? 'auto';
  if (!/^[a-z_]{3,16}(\+[a-z_]{3,16})*$/i.test(ocrLanguages)) {
    throw new Error(`Invalid configuration: OCR_LANGUAGES must be tesseract language codes joined by + (got "${ocrLanguages}")`);
  }
  const poolSize = int(env, 'PROCESSING_POOL_SIZE', availableParallelism(), 1);
  return {
    concurrency,
    inApiWorkers: int(env, 'QUARRY_WORKERS', concurrency, 0),
    leaseSeconds: int(env, 'JOB_LEASE_SECONDS', 30, 2),
    pollIntervalMs: int(env, 'JOB_POLL_INTERVAL_MS', 2000, 50),
    workerHeartbeatMs: int(env, 'WORKER_HEARTBEAT_MS', 5000, 100),
    maxAttempts: int(env, 'JOB_MAX_ATTEMPTS', 3, 1),
    retryBaseMs: int(env, 'JOB_RETRY_BASE_MS', 2000, 0),
    waitRecheckSeconds: int(env, 'JOB_WAIT_RECHECK_SECONDS', 60, 1),
    ocrConcurrency: int(env, 'OCR_PAGE_CONCURRENCY', poolSize, 1),
    ocrEngine: engine as JobsConfig['ocrEngine'],
    ocrModel: ocrModel as JobsConfig['ocrModel'],
    ocrLanguages,
    ocrMaxPagePixels: int(env, 'OCR_MAX_PAGE_PIXELS', 16_000_000, 1_000_000),
    pdfMaxPages: int(env, 'PDF_MAX_PAGES', 2000, 1),
    pdfMaxStreamBytes: int(env, 'PDF_MAX_STREAM_MB', 256, 1) * 1_048_576,
    pdfMaxInflatedBytes: int(env, 'PDF_MAX_INFLATED_MB', 1024, 1) * 1_048_576,
    poolSize,
    poolThreadMemoryMb: int(env, 'PROCESSING_THREAD_MEMORY_MB', 1024, 64),
    tmpDir: str(env, 'QUARRY_TMP_DIR') ? path.resolve(str(env, 'QUARRY_TMP_DIR')!) : null,
    extraHandlers: str(env, 'QUARRY_EXTRA_JOB_HANDLERS'),
  };
}

function loadStorageConfig(env: Env): StorageConfig {
  const bucket = str(env, 'S3_BUCKET');
  const secret = str(env, 'STORAGE_SIGNING_SECRET');
  if (secret !== null && secret.length < 32) throw new Error('STORAGE_SIGNING_SECRET must be at least 32 characters long');
  return {
    driver: bucket ? 's3' : 'local',
    localDir: str(env, 'STORAGE_DIR') ? path.resolve(str(env, 'STORAGE_DIR')!) : null,
    diskReserveBytes: int(env, 'DISK_RESERVE_MB', 64, 0) * 1024 * 1024,
    signingSecret: secret,
    urlTtlSeconds: int(env, 'STORAGE_URL_TTL_SECONDS', 3600, 30),
    publicBaseUrl: str(env, 'PUBLIC_API_URL')?.replace(/\/+$/, '') ?? null,
    maxUploadBytes: int(env, 'MAX_UPLOAD_BYTES', 200 * 1024 * 1024, 1),
    validationConcurrency: int(env, 'UPLOAD_VALIDATION_CONCURRENCY', 2, 1),
    validationTimeoutSeconds: int(env, 'UPLOAD_VALIDATION_TIMEOUT_SECONDS', 60, 1),
    s3: bucket
      ? {
          bucket,
          region: str(env, 'S3_REGION') ?? str(env, 'AWS_REGION') ?? 'us-east-1',
          endpoint: str(env, 'S3_ENDPOINT'),
          accessKeyId: str(env, 'S3_ACCESS_KEY_ID') ?? str(env, 'AWS_ACCESS_KEY_ID'),
          secretAccessKey: str(env, 'S3_SECRET_ACCESS_KEY') ?? str(env, 'AWS_SECRET_ACCESS_KEY'),
          forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(str(env, 'S3_ENDPOINT'))),
          prefix: (str(env, 'S3_PREFIX') ?? '').replace(/^\/+|\/+$/g, ''),
        }
      : null,
  };
}

/** Where the local storage driver keeps blobs. */
export const storageDir = (config: Pick<Config, 'dataDir' | 'storage'>): string =>
  config.storage.localDir ?? path.join(config.dataDir, 'files');

export const embeddedPaths = (config: Pick<Config, 'dataDir'>) => ({
  pgDir: path.join(config.dataDir, 'pg'),
  lockFile: path.join(config.dataDir, 'pg.lock'),
  secretFile: path.join(config.dataDir, 'secret'),
});
