// Helpers for route schemas (OpenAPI documentation of auth and error answers).
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '@quarry/shared/schemas';

/** `security` entry of routes that need the Bearer access token. */
export const bearer = [{ bearerAuth: [] }];

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 423 | 429;

/** Documents error answers: `...errorResponses(401, 404)` inside `response`. */
export function errorResponses(...statuses: ErrorStatus[]) {
  const out: Partial<Record<ErrorStatus, typeof ErrorResponseSchema | typeof ValidationErrorResponseSchema>> = {};
  for (const s of statuses) out[s] = s === 422 ? ValidationErrorResponseSchema : ErrorResponseSchema;
  return out;
}
