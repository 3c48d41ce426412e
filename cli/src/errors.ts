// Exit codes a script can rely on (documented in cli/README.md and `quarry --help`).
export const EXIT = {
  ok: 0,
  /** the call or the job failed (an API error, a failed job, an invalid upload, no connection) */
  failure: 1,
  /** bad usage: unknown command or option, a missing argument, an unreadable file, no login */
  usage: 2,
  /** authentication: the key is missing, wrong, revoked, expired or lacks the scope */
  auth: 3,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    public readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
export const failure = (message: string) => new CliError(message, EXIT.failure);
