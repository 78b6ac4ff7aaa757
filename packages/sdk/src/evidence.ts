import type { TourneyClient } from './client';
import { errorFromResponse, invalidSuccessBody, isTourneyError, networkError } from './errors';
import type { components } from './generated/schema';
import { rejectRedirects } from './redirects';
import type { FetchFn } from './retry';

type Schemas = components['schemas'];

/** Kind of an evidence file: screenshot, video, log, replay, other (R12.10). */
export type EvidenceKind = Schemas['EvidenceKind'];
/** A stored evidence upload: mediaFileId, key, sizeBytes, sha256, contentType, uploadedAt. */
export type EvidenceUpload = Schemas['EvidenceUpload'];

/** What a redirect of the PUT of the bytes (never followed, R19.9) tells the caller to do. */
const UPLOAD_REDIRECT_ADVICE = 'the upload URL the API presigned must take the PUT itself';

/** Bytes of an artifact: a Uint8Array (Node Buffer included), an ArrayBuffer or a Blob/File (browsers). */
export type EvidenceBytes = Uint8Array | ArrayBuffer | Blob;

/** What {@link uploadEvidence} uploads. */
export interface EvidenceUploadInput {
  /** The anti-cheat session (its match id) the evidence belongs to. */
  sessionId: string;
  kind: EvidenceKind;
  /** MIME type without parameters, e.g. `image/png`; sent as the PUT's Content-Type. */
  contentType: string;
  bytes: EvidenceBytes;
  /** Attach the evidence to this detection of the same session (extension). */
  detectionId?: string;
}

/** Options of {@link uploadEvidence}. */
export interface UploadEvidenceOptions {
  /** Fetch used for the PUT of the bytes (default `globalThis.fetch`); the presign goes through `client`. */
  fetch?: FetchFn;
  /** Aborts the PUT. */
  signal?: AbortSignal;
}

/** Lowercase hex SHA-256 of bytes, with Web Crypto (Node 20+, browsers, Deno, Bun). */
export async function sha256Hex(bytes: EvidenceBytes): Promise<string> {
  const data = await toUint8Array(bytes);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function toUint8Array(bytes: EvidenceBytes): Promise<Uint8Array> {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  return new Uint8Array(await bytes.arrayBuffer());
}

/**
 * Uploads one evidence artifact of an anti-cheat session (R19.6, R12.10, R12.11): computes its SHA-256 with Web Crypto,
 * asks the API for a presigned URL (`POST /anti-cheat/evidence/presign`, with the client's API key, which needs
 * anticheat:evidence.write), then PUTs the bytes there with the declared Content-Type and no credentials. Resolves
 * with the stored upload. Rejects with `TourneyError` like every client method: from the presign (e.g. 404 unknown
 * session, 413 too large) or from the PUT (e.g. 400 checksum or length mismatch, 410 URL expired); status 0 and
 * NETWORK_ERROR when the PUT gets no response. The PUT is not retried (a URL takes one upload), and a redirect of it
 * is not followed (the bytes go nowhere else): it rejects with `REDIRECT` (R19.9).
 * @example
 * const upload = await uploadEvidence(tourney, { sessionId, kind: 'screenshot', contentType: 'image/png', bytes });
 */
export async function uploadEvidence(
  client: TourneyClient,
  input: EvidenceUploadInput,
  options: UploadEvidenceOptions = {},
): Promise<EvidenceUpload> {
  const bytes = await toUint8Array(input.bytes);
  const sha256 = await sha256Hex(bytes);
  const { data: presigned } = await client.POST('/anti-cheat/evidence/presign', {
    body: {
      sessionId: input.sessionId,
      kind: input.kind,
      contentType: input.contentType,
      sizeBytes: bytes.byteLength,
      sha256,
      ...(input.detectionId !== undefined ? { detectionId: input.detectionId } : {}),
    },
  });
  const request = new Request(presigned.uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': input.contentType },
    body: bytes as Uint8Array<ArrayBuffer>,
    redirect: 'manual',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const fetchFn = rejectRedirects(options.fetch ?? (globalThis.fetch as FetchFn), UPLOAD_REDIRECT_ADVICE);
  let response: Response;
  try {
    response = await fetchFn(request.clone());
  } catch (error) {
    throw isTourneyError(error) ? error : networkError(request, error);
  }
  const text = await response.text();
  let body: unknown = text === '' ? undefined : text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: errorFromResponse reports the text.
  }
  if (!response.ok) throw errorFromResponse(request, response, body);
  const data = (body as { data?: EvidenceUpload } | undefined)?.data;
  if (data === undefined || typeof data.mediaFileId !== 'string') {
    throw invalidSuccessBody(request, response, new Error('expected the envelope { success: true, data: EvidenceUpload }'));
  }
  return data;
}
