// Every HTTP module, mounted under /api/v1. A new module:
//   1. src/modules/<feature>/routes.ts: `export default async function (app: App) { tagRoutes(app, 'x'); app.get('/x', {...}, h) }`
//   2. add it to this list; if it uses app.storage / app.jobs, wrap it in needs([...]).
// The decorating plugins (storage, jobs) are fastify-plugin plugins with names; a module that
// uses their decorations declares them, and Fastify refuses to start when one is missing or
// registered later — the order is checked, not kept by a comment.
import fp from 'fastify-plugin';
import type { App } from '../types';
import adminRoutes from './admin/routes';
import apiKeyRoutes from './api-keys/routes';
import authRoutes from './auth/routes';
import contactRoutes from './contact/routes';
import creditRoutes from './credits/routes';
import datasetRoutes from './datasets/routes';
import evaluationRoutes from './evaluation/routes';
import extractRoutes from './extract/routes';
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
import reviewRoutes from './review/routes';
import reviewExportRoutes from './review-export/routes';
import storagePlugin from './storage/plugin';
import uploadRoutes from './uploads/routes';
import userRoutes from './users/routes';
import webhookRoutes from './webhooks/routes';

type Module = (app: App) => Promise<void>;

/** The module stays encapsulated; Fastify checks that the named plugins are registered before it. */
const needs = (dependencies: ('quarry-storage' | 'quarry-jobs')[], module: Module, name: string): Module =>
  fp(module, { name, dependencies, encapsulate: true }) as unknown as Module;

export const apiModules: Module[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  creditRoutes,
  resourceRoutes,
  feedbackRoutes,
  contactRoutes,
  realtimeTestRoutes,
  storagePlugin,
  needs(['quarry-storage'], uploadRoutes, 'uploads'),
  needs(['quarry-storage'], fileRoutes, 'files'),
  datasetRoutes,
  outputSchemaRoutes,
  promptRoutes,
  exampleRoutes,
  jobsPlugin,
  needs(['quarry-jobs'], pipelineRoutes, 'pipelines'),
  jobEstimateRoutes,
  needs(['quarry-storage', 'quarry-jobs'], jobRoutes, 'jobs'),
  needs(['quarry-jobs'], ocrRoutes, 'ocr'),
  needs(['quarry-jobs'], chunkingRoutes, 'chunking'),
  chunkRunRoutes,
  needs(['quarry-jobs'], extractionRoutes, 'extraction'),
  reviewRoutes,
  llmTestRoutes,
  reviewExportRoutes,
  evaluationRoutes,
  needs(['quarry-jobs'], adminRoutes, 'admin'),
  apiKeyRoutes,
  needs(['quarry-jobs'], webhookRoutes, 'webhooks'),
  needs(['quarry-jobs'], extractRoutes, 'extract'),
];
