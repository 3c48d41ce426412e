// createBlobStore(config, signer): the configured driver. The API decorates it as
// `app.storage` (modules/storage/plugin.ts); a worker process builds its own with
// createBlobStore(loadConfig(), new UrlSigner(secret)).
import { storageDir, type Config } from '../config';
import { LocalBlobStore } from './local';
import { S3BlobStore } from './s3';
import type { UrlSigner } from './signing';
import type { BlobStore } from './types';

export function createBlobStore(config: Pick<Config, 'dataDir' | 'storage'>, signer: UrlSigner): BlobStore {
  if (config.storage.driver === 's3' && config.storage.s3) return new S3BlobStore(config.storage.s3);
  return new LocalBlobStore(storageDir(config), signer, { reserveBytes: config.storage.diskReserveBytes });
}

export * from './types';
export { UrlSigner, uploadSignatureParts, downloadSignatureParts } from './signing';
export { LocalBlobStore } from './local';
export { createDiskGuard, type DiskGuard } from './disk-space';
export { S3BlobStore, contentDisposition } from './s3';
