// Every HTTP module, mounted under /api/v1 in this order. A new module:
//   1. src/modules/<feature>/routes.ts: `export default async function (app: App) { app.get('/x', {...}, h) }`
//   2. add it to this list.
import type { App } from '../types';
import adminRoutes from './admin/routes';
import authRoutes from './auth/routes';
import contactRoutes from './contact/routes';
import creditRoutes from './credits/routes';
import datasetRoutes from './datasets/routes';
import exampleRoutes from './examples/routes';
import extractionRoutes from './extraction/routes';
import feedbackRoutes from './feedback/routes';
import fileRoutes from './files/routes';
import healthRoutes from './health/routes';
import jobsPlugin from './jobs/plugin';
import llmTestRoutes from './llm-test/routes';
import pipelineRoutes from './pipelines/routes';
import jobRoutes from './jobs/routes';
import jobEstimateRoutes from './job-estimates/routes';
import ocrRoutes from './ocr/routes';
import chunkingRoutes from './chunking/routes';
import chunkRunRoutes from './chunk-runs/routes';
import outputSchemaRoutes from './output-schemas/routes';
import promptRoutes from './prompts/routes';
import realtimeTestRoutes from './realtime-test/routes';
import resourceRoutes from './resources/routes';
import storagePlugin from './storage/plugin';
import uploadRoutes from './uploads/routes';
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
  // documents: storage first (it decorates app.storage / app.fileValidator for the others)
  storagePlugin,
  uploadRoutes,
  fileRoutes,
  datasetRoutes,
  outputSchemaRoutes,
  promptRoutes,
  exampleRoutes,
  // processing: the queue plugin first (it decorates app.jobs and runs the in-process workers)
  jobsPlugin,
  pipelineRoutes,
  jobEstimateRoutes,
  jobRoutes,
  ocrRoutes,
  chunkingRoutes,
  chunkRunRoutes,
  extractionRoutes,
  llmTestRoutes,
  // admin: operations retry needs app.jobs
  adminRoutes,
];
