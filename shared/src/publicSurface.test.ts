// The public surface of `@quarry/shared`, pinned: what the module exports at run time and the
// types its entry point names are compared with the lists below, so adding, renaming or dropping
// an export is a change made here on purpose. Apps import only these names.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as shared from './index';

const VALUES = [
  'ACCOUNT_DISABLED', 'api', 'ApiKeyTable', 'AppError', 'AppProviders', 'auth', 'AUTH_ERROR_CATALOGUE',
  'AUTHENTICATION_FAILED', 'authErrorInfo', 'authState$', 'authStore', 'backoffDelay', 'buildQuery',
  'buildUrl', 'ButtonLink', 'CACHED_FIVE_MINUTES', 'CHUNKING_INVALID_RESPONSE', 'ClampedProgress', 'clampPercent',
  'classifyAuthError', 'classifyChunkingCreateError', 'clearSession', 'closeErrorDialog',
  'configureApi', 'ConfirmDialog', 'CopyButton', 'createEventBus', 'createQueryClient', 'DataListItem', 'DataTable', 'DialogFrame',
  'CREDIT_REQUEST_ERRORS', 'creditRequestErrorMessage', 'crumbLabel', 'crumbsFor', 'crumbTrail',
  'datasetKeys', 'DEFAULT_ERROR_MESSAGES', 'DEFAULT_SITE_NAME', 'defaultMessageFor',
  'defaultRetryable', 'defineRemote', 'detailMessages', 'EmptyState', 'ErrorAlert', 'ERROR_TITLES',
  'errorDialog$', 'ErrorDialogHost', 'errorFromResponse', 'ErrorState', 'estimatePages',
  'eventName', 'events', 'fileKeys', 'FIVE_MINUTES_MS', 'formatBytes', 'formatDate',
  'formatDateTime', 'formatDuration', 'formatDurationMs', 'formatMB', 'formatPercentFraction',
  'formatResetText', 'formatTime', 'formatTokens', 'getAccessToken', 'getApiConfig', 'getAuthState',
  'getErrorDialog', 'getStoredUser', 'handleError', 'INITIAL_AUTH_STATE', 'isAbortError',
  'isAppError', 'isAuthError', 'isJobUpdate', 'isLowBalance', 'isNamedCrumb', 'isRefreshing',
  'isUploadEvent', 'JOB_CREATION_FAILED_TITLE', 'LIST_PAGE_SIZE', 'jobCreationErrorDetail', 'jobKeys',
  'jobMonitorPath', 'kindForStatus', 'lazyScreen', 'LoadErrorState', 'LoadingState', 'MISSING', 'namedCrumb',
  'networkError', 'NO_ACCESS_TOKEN', 'notificationFor', 'PageHeader', 'PageNumbers', 'Pager', 'paths', 'PlannedScreen',
  'plural', 'PROTOCOL_EVENT_NAMES', 'queryKeys', 'publicSiteSettingsParser', 'queryClient', 'RadioItem',
  'REFRESH_ERROR_MESSAGE', 'refreshAccessToken', 'RefreshError', 'RemoteBoundary',
  'renderStandalone', 'request', 'resetApiConfig', 'RETRY_DEFAULTS', 'retryWithBackoff',
  'runWithErrorHandling', 'saveBlob', 'SelectField', 'SelectInput', 'serverMessageOf', 'SESSION_EXPIRED', 'setAccessToken', 'shortId',
  'shouldRetryQuery', 'showToast', 'siteKeys', 'siteSettingsQueryOptions', 'SortableHeader', 'SortSelect', 'StatusBadge',
  'statusColorPalette', 'SUBMISSION_FAILED_TITLE', 'SUGGESTIONS', 'system', 'toAppError', 'toast',
  'toastDuration', 'Toaster', 'toaster', 'truncate', 'UNKNOWN_ERROR_MESSAGE', 'UPLOAD_EVENT_NAMES',
  'UPLOAD_FAILED', 'uploadFailedMessage', 'uploadToSignedUrl', 'useAuth', 'useConnectionState',
  'useCurrentUser', 'useDebouncedValue', 'useErrorHandler', 'useJobUpdates', 'useListParams', 'useObservable', 'useRefreshingMutation', 'useSignedInQuery', 'USER_STORAGE_KEY',
  'userKeys', 'useWideLayout', 'validityStatus', 'WIDE_QUERY',
];

const TYPES = [
  'Api', 'ApiConfig', 'ApiKeyTableProps', 'AppErrorInit', 'AppNotification', 'AppProvidersProps', 'AuthErrorCase',
  'AuthErrorEntry', 'AuthErrorInfo', 'AuthState', 'AuthStatus', 'AuthUser', 'ButtonLinkProps', 'ChunkingErrorCase',
  'ClampedProgressProps', 'ClassifiedError', 'ConfirmDialogProps', 'ConnectionState',
  'CopyButtonProps', 'Crumb', 'DataListItemProps', 'DataTableColumn', 'DataTableProps', 'DialogFrameProps', 'CrumbItem', 'CrumbLink', 'DateFormatOptions', 'EmptyStateProps', 'ErrorAlertProps',
  'ErrorDialogState', 'ErrorDisplayMode', 'ErrorKind', 'ErrorStateProps', 'EventBus',
  'HandleErrorOptions', 'HttpMethod', 'JobEventType', 'JobUpdateContext', 'JobUpdateData',
  'JobUpdateDetails', 'JobUpdateMessage', 'JobUpdateProgress', 'ListParams', 'LoadErrorStateProps', 'LoadingStateProps', 'NamedCrumb',
  'NavEntry', 'NavGroup', 'NotificationStatus', 'PageHeaderProps', 'PageNumbersProps', 'Parser', 'ProgressUnits',
  'QueryParams', 'RadioItemProps', 'QueryValue', 'RefreshAfter', 'RefreshFailureReason', 'RegisterResult', 'RemoteRoutesModule',
  'RequestOptions', 'RetryOptions', 'RouteHandle', 'RunOptions', 'SignedInQueryOptions', 'SelectFieldProps', 'SelectInputProps', 'SelectOption', 'SocketMessage', 'SocketSender',
  'StatusBadgeProps', 'StatusKind', 'SuggestionAction', 'ToastInput', 'ToastStatus',
  'UploadEventMessage', 'UploadEventName', 'UploadOptions', 'UploadProgress', 'UserId', 'UserQueryKey',
];

const byName = (a: string, b: string) => a.localeCompare(b);

it('exports exactly the listed values', () => {
  expect(Object.keys(shared).sort(byName)).toEqual([...VALUES].sort(byName));
});

const entry = readFileSync(path.join(__dirname, 'index.ts'), 'utf8');

it('names every export: no `export *` in the entry point', () => {
  expect(entry).not.toMatch(/export\s*\*/);
});

it('exports exactly the listed types', () => {
  const named = [...entry.matchAll(/^\s*type (\w+),?$/gm)].map((m) => m[1] ?? '');
  expect(named.sort(byName)).toEqual([...TYPES].sort(byName));
});
