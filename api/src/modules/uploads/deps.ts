// Upload flow (docs/product/files-and-datasets.md, Uploads): prepare (types, quotas, reservations, signed URLs) -> PUT of
// the raw bytes to the signed URL -> complete (bytes checked, file rows, validation, events).
//
// Bytes and rows never drift apart:
//   - prepare stores no bytes and no file rows, only the reservation (uploads rows);
//   - a local PUT writes to a temporary file and renames it into place only when exactly the
//     announced number of bytes arrived, then marks the upload received; if the upload was
//     closed meanwhile, the PUT deletes what it stored;
//   - complete creates a file row only after checking the stored size, in the same
//     transaction that closes the upload; validation then only updates that row;
//   - a crash between storing bytes and recording them leaves a blob that only an open or
//     expired upload refers to: files/cleanup-orphaned (and upload expiry) removes it.
import type { Db } from '../../db';
import type { OutgoingMessage } from '../../realtime/hub';
import type { BlobStore } from '../../storage';
import type { FileValidator } from '../files/validation';

/** What every step of the upload flow works with (built from the app in routes.ts). */
export interface UploadDeps {
  db: Db;
  storage: BlobStore;
  validator: FileValidator;
  publish: (userId: string, message: OutgoingMessage) => Promise<void>;
  urlTtlSeconds: number;
  maxUploadBytes: number;
}
