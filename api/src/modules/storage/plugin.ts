// Decorates the API with `app.storage` (the blob store), `app.storageSigner` (HMAC of the
// local signed URLs) and `app.fileValidator` (the upload checker). Registered before the
// document modules and not encapsulated (skip-override), so its siblings see the decorations.
import { resolveJwtSecret } from '../../auth/secret';
import { embeddedPaths, storageDir } from '../../config';
import { createBlobStore, createDiskGuard, UrlSigner, type BlobStore } from '../../storage';
import fp from 'fastify-plugin';
import type { App } from '../../types';
import { FileValidator } from '../files/validation';
import { tempRootOf } from '../../processing/workdir';

declare module 'fastify' {
  interface FastifyInstance {
    /** the blob store (local disk or S3) */
    storage: BlobStore;
    storageSigner: UrlSigner;
    /** checks uploaded bytes (magic, pdfjs, image decode) */
    fileValidator: FileValidator;
  }
}

/** a temporary upload body older than this was left by a crash */
const STALE_TMP_MS = 6 * 3600 * 1000;

async function storagePlugin(app: App) {
  const secret = app.config.storage.signingSecret ?? (await resolveJwtSecret(app.config, app.database));
  const signer = new UrlSigner(secret);
  const store = createBlobStore(app.config, signer);
  const jobs = app.config.jobs;
  const validator = new FileValidator({
    concurrency: app.config.storage.validationConcurrency,
    timeoutMs: app.config.storage.validationTimeoutSeconds * 1000,
    tempRoot: tempRootOf(app.config),
    pool: { size: jobs.poolSize, memoryMb: jobs.poolThreadMemoryMb },
    pdf: { maxPages: jobs.pdfMaxPages, streams: { maxStreamBytes: jobs.pdfMaxStreamBytes, maxTotalBytes: jobs.pdfMaxInflatedBytes } },
    maxPagePixels: jobs.ocrMaxPagePixels,
  });
  // The embedded database writes to DATA_DIR on every change: a request that changes
  // something is refused (507) while that disk is below its reserve, before the database is
  // asked to write (a PGlite that failed a write for lack of space is gone until a restart).
  if (app.database.kind === 'pglite') {
    const dirs = [embeddedPaths(app.config).pgDir, ...(app.config.storage.driver === 'local' ? [storageDir(app.config)] : [])];
    const space = createDiskGuard(dirs, app.config.storage.diskReserveBytes);
    app.addHook('onRequest', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
      await space.ensure();
    });
  }
  app.decorate('storage', store);
  app.decorate('storageSigner', signer);
  app.decorate('fileValidator', validator);
  try {
    const removed = (await store.sweepTemporary?.(STALE_TMP_MS)) ?? 0;
    if (removed > 0) app.log.info({ removed }, 'storage: removed interrupted upload bodies');
  } catch (err) {
    app.log.warn({ err }, 'storage: could not sweep temporary files');
  }
  app.addHook('onClose', async () => {
    await validator.close();
    await store.close?.();
  });
}

// like fastify-plugin: decorations land in the parent (/api/v1) context
/** Not encapsulated (fastify-plugin): the sibling modules see the decorations. */
export default fp(storagePlugin, { name: 'quarry-storage' });
