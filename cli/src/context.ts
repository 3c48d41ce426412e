import type { Api } from './client';
import type { Env } from './config';

/** What a command runs with: injected so tests run the CLI in-process against a real API. */
export interface Io {
  env: Env;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  fetch: typeof fetch;
  /** ms between polls (jobs --watch, extract --wait past the server's wait) */
  pollMs: number;
}

export interface Session {
  url: string;
  api: Api;
  io: Io;
}

export const print = (io: Io, text: string) => io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
export const note = (io: Io, text: string) => io.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
