// HMAC-SHA256 signatures of the local driver's URLs. What is signed is everything the URL
// grants: method, the upload or file id, the storage key, the size and content type of an
// upload, the expiry. Changing any of them (or the signature) makes the URL worthless.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    // a key of its own, derived from the installation secret
    this.key = createHmac('sha256', secret).update('quarry-storage-url-v1').digest();
  }

  sign(parts: (string | number)[]): string {
    return createHmac('sha256', this.key).update(parts.map(String).join('\n')).digest('hex');
  }

  /** Constant-time comparison; false for malformed input. */
  verify(parts: (string | number)[], signature: string): boolean {
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    const expected = Buffer.from(this.sign(parts), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }
}

export const uploadSignatureParts = (p: { uploadId: string; key: string; size: number; contentType: string; expires: number }) => [
  'PUT',
  p.uploadId,
  p.key,
  p.size,
  p.contentType,
  p.expires,
];

export const downloadSignatureParts = (p: { fileId: string; key: string; expires: number; disposition?: string }) => [
  'GET',
  p.fileId,
  p.key,
  p.expires,
  p.disposition ?? 'attachment',
];
