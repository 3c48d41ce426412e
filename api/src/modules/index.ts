// Every HTTP module, mounted under /api/v1 in this order. A new module:
//   1. src/modules/<feature>/routes.ts: `export default async function (app: App) { app.get('/x', {...}, h) }`
//   2. add it to this list.
import type { App } from '../types';
import authRoutes from './auth/routes';
import contactRoutes from './contact/routes';
import creditRoutes from './credits/routes';
import feedbackRoutes from './feedback/routes';
import healthRoutes from './health/routes';
import realtimeTestRoutes from './realtime-test/routes';
import resourceRoutes from './resources/routes';
import userRoutes from './users/routes';

export const apiModules: ((app: App) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  creditRoutes,
  resourceRoutes,
  feedbackRoutes,
  contactRoutes,
  realtimeTestRoutes,
];
