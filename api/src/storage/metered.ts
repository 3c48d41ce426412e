// The pass-through every storage driver puts between an incoming body and the store: it
// counts and hashes the bytes, reports the first one, and stops the stream as soon as more
// than `limit` bytes have arrived.
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { BlobTooLargeError } from './types';

export interface MeteredStream {
  stream: Transform;
  /** bytes seen so far */
  size(): number;
  /** sha-256 of everything seen, hex (call once, at the end) */
  sha256(): string;
}

export function meteredStream(limit: number, onFirstByte?: () => void): MeteredStream {
  const hash = createHash('sha256');
  let size = 0;
  let first = true;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (first) {
        first = false;
        onFirstByte?.();
      }
      size += chunk.length;
      if (size > limit) {
        done(new BlobTooLargeError(limit));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, size: () => size, sha256: () => hash.digest('hex') };
}
