import { AppError } from '@quarry/shared';

/** The server's detail when it sent one, else the screen's fallback text. */
export function serverDetailOr(error: unknown, fallback: string): string {
  if (error instanceof AppError && error.serverMessage) return error.serverMessage;
  return fallback;
}
