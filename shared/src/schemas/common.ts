import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

/** Every id is a UUID string. */
export const UuidSchema = z.uuid();
/** Every time is ISO 8601 in UTC (`2024-05-01T12:00:00.000Z`). */
export const TimestampSchema = z.iso.datetime();
/** When a row was made and last changed, as every stored entity answers them (spread in place). */
export const timestamps = { created_at: TimestampSchema, updated_at: TimestampSchema };

/** `{"detail": "..."}` */
export const ErrorResponseSchema = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** One entry of a validation error (`422`). `loc` starts with body / query / path. */
export const ValidationErrorItemSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationErrorItem = z.infer<typeof ValidationErrorItemSchema>;
/** `{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}` */
export const ValidationErrorResponseSchema = z.object({ detail: z.array(ValidationErrorItemSchema) });
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponseSchema>;

/** Simple acknowledgement `{"message": "..."}`. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** `?offset=0&limit=20` as every paged list accepts it (query strings are coerced). */
export const PaginationQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

/**
 * The answer of a list endpoint: its rows under the list's own key (`datasets`, `prompts`, ...)
 * and `total_count`, how many rows match over all pages. Lists that tell more `.extend` it.
 */
export const listResponse = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), total_count: z.number().int() } as Record<K, z.ZodArray<T>> & {
    total_count: z.ZodNumber;
  });

/** A list answer that also echoes the page it answers (`offset`, `limit`). */
export const pagedListResponse = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  listResponse(key, item).extend({ offset: z.number().int(), limit: z.number().int() });

/**
 * `?sort=name&order=asc` as every sortable list accepts it. Each list names its own columns;
 * anything else answers 422 naming the allowed ones. Lists break ties by id so pages are stable.
 */
export const sortQuery = <const C extends readonly [string, ...string[]]>(
  columns: C,
  defaults: { sort: C[number]; order: 'asc' | 'desc' },
) =>
  z.object({
    sort: z
      .enum(columns, { error: `sort must be one of: ${columns.join(', ')}` })
      .default(defaults.sort as never),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default(defaults.order),
  });
export type SortOrder = 'asc' | 'desc';

/** Path parameter `{id}`. */
export const IdParamsSchema = z.object({ id: UuidSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** A non-blank string after trimming (the value itself is kept trimmed). */
export const trimmedString = (opts: { required: string; max?: number; maxMessage?: string; min?: number; minMessage?: string }) => {
  let s = z.string({ error: opts.required }).trim().min(1, { error: opts.required });
  if (opts.min !== undefined) s = s.min(opts.min, { error: opts.minMessage ?? opts.required });
  if (opts.max !== undefined) s = s.max(opts.max, { error: opts.maxMessage ?? `At most ${opts.max} characters` });
  return s;
};

/** An optional free-text description: trimmed, null or left out when there is none. */
export const optionalDescription = (max: number) =>
  z.string().trim().max(max, { error: `Description is too long (at most ${max} characters)` }).nullish();
