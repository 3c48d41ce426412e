// Messages that travel on the event bus: what the server pushes over /ws/connect,
// plus the client's own.

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'error';

/** Any server message: an `event` (or `type`) name and, usually, a `message`. */
export interface SocketMessage {
  event?: string;
  type?: string;
  message?: string;
  timestamp?: string;
  user_id?: string;
  job_id?: string;
  pages_processed?: number;
  result_url?: string;
  [key: string]: unknown;
}

export type JobEventType = 'progress' | 'error' | 'success' | (string & {});
export type ProgressUnits = 'percent' | 'windows' | 'chunks' | (string & {});

export interface JobUpdateProgress {
  percentage?: number;
  current?: number;
  total?: number;
  units?: ProgressUnits;
}

export interface JobUpdateContext {
  pipeline_root_id?: string;
  aggregated_from_children?: boolean;
  job_type?: string;
  single_file_id?: string;
  [key: string]: unknown;
}

export interface JobUpdateDetails {
  filename?: string;
  bytes_downloaded?: number;
  text_length?: number;
  processing_time?: number;
  total_chunks?: number;
  chunks_processed?: number;
  successful_extractions?: number;
  failed_extractions?: number;
  tokens_used?: number;
  text_chunks?: number;
  table_chunks?: number;
  chunks_created?: number;
  failures?: unknown;
  model?: string;
  success_rate?: number;
  attempt?: number;
  max_attempts?: number;
  error?: string;
  current_stage?: string;
  stage_message?: string;
  window_info?: { current?: number; total?: number; lines?: unknown };
  error_message?: string;
  file_name?: string;
  [key: string]: unknown;
}

export interface JobUpdateData {
  phase?: string;
  sub_phase?: string;
  event_type?: JobEventType;
  message?: string;
  timestamp?: string;
  progress?: JobUpdateProgress;
  progress_percentage?: number;
  current_value?: number;
  total_value?: number;
  details?: JobUpdateDetails;
  context?: JobUpdateContext;
  [key: string]: unknown;
}

/** The live update message of a job. */
export interface JobUpdateMessage extends SocketMessage {
  type: 'job_update';
  job_id: string;
  status: string;
  job_type?: string;
  data: JobUpdateData;
}

export const UPLOAD_EVENT_NAMES = [
  'upload_started',
  'upload_complete',
  'upload_failed',
  'processing_started',
  'processing_complete',
  'processing_failed',
  'validation_passed',
  'validation_failed',
] as const;
export type UploadEventName = (typeof UPLOAD_EVENT_NAMES)[number];

export interface UploadEventMessage extends SocketMessage {
  event: UploadEventName;
}

/** Protocol and bookkeeping messages: never shown as notifications. */
export const PROTOCOL_EVENT_NAMES = [
  'ping',
  'pong',
  'connected',
  'subscription_confirmed',
  'subscription_updated',
  'job_update',
] as const;

export type NotificationStatus = 'success' | 'error' | 'warning' | 'info';

/** Something the user should be told about (the shell shows these as toasts). */
export interface AppNotification {
  title: string;
  message?: string;
  status: NotificationStatus;
  /** The event it came from, when it came from the server. */
  event?: string;
  source?: SocketMessage;
}
