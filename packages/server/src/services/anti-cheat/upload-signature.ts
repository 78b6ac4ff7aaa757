import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a presigned upload URL is signed over (R12.10). */
export interface UploadSignatureFields {
  /** HTTP method the URL allows: PUT. */
  method: string;
  /** Storage key of the media file. */
  key: string;
  contentType: string;
  sizeBytes: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  /** Expiry, Unix epoch SECONDS (the `expires` query parameter). */
  expires: number;
}

/** The signed text: the fields joined by newlines, in a fixed order. */
export function uploadSigningText(fields: UploadSignatureFields): string {
  return [fields.method.toUpperCase(), fields.key, fields.contentType.toLowerCase(), String(fields.sizeBytes), fields.sha256, String(fields.expires)].join('\n');
}

/** Lowercase hex HMAC-SHA256 of uploadSigningText(fields) with `secret`. */
export function signUpload(secret: Buffer, fields: UploadSignatureFields): string {
  return createHmac('sha256', secret).update(uploadSigningText(fields)).digest('hex');
}

/** True when `signature` (hex) is the signature of `fields`; compared in constant time. */
export function verifyUploadSignature(secret: Buffer, fields: UploadSignatureFields, signature: string): boolean {
  const expected = Buffer.from(signUpload(secret, fields), 'hex');
  const given = /^[a-f0-9]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
