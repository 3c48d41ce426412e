import { toAppError } from '@quarry/shared';

/** The text to show for a failed call: the server's detail or the classified message. */
export const errorText = (error: unknown): string => toAppError(error).message || 'Unknown error';

export const isNotFound = (error: unknown): boolean => toAppError(error).status === 404;
