// An administrator's settings over HTTP: GET answers them, PUT changes them and answers them as
// they are then. Both are for superusers only; a module states the path, the schemas, the
// summaries and how the settings are read and written.
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { App } from '../types';
import { errorResponses } from './openapi';

export interface SettingsRoutes<S extends z.ZodType, U extends z.ZodType> {
  /** the settings as both routes answer them */
  answer: S;
  /** what PUT accepts */
  body: U;
  /** the API description's tags, when not the module's own */
  tags?: string[];
  summaries: { get?: string; put: string };
  read: () => Promise<z.output<S>>;
  /** applies the body and answers the settings as they are then */
  write: (body: z.output<U>) => Promise<z.output<S>>;
}

/** Registers GET and PUT `path` for a group of settings (superusers only). */
export function settingsRoutes<S extends z.ZodType, U extends z.ZodType>(app: App, path: string, r: SettingsRoutes<S, U>): void {
  const onRequest = app.requireSuperuser;
  const tags = r.tags ? { tags: r.tags } : {};
  // plain FastifySchema: the zod type provider cannot resolve generic schemas, and
  // SettingsRoutes keeps the callers' reads and writes typed
  const getSchema: FastifySchema = { ...tags, ...(r.summaries.get ? { summary: r.summaries.get } : {}), response: { 200: r.answer } };
  const putSchema: FastifySchema = { ...tags, summary: r.summaries.put, body: r.body, response: { 200: r.answer, ...errorResponses(422) } };
  app.get(path, { onRequest, schema: getSchema }, async () => r.read());
  app.put(path, { onRequest, schema: putSchema }, async (req) => r.write(req.body as z.output<U>));
}
