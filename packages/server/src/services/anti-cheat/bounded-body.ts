import type { Readable } from 'node:stream';

/** A request body read up to a limit. */
export interface BoundedBody {
  /** The bytes read, at most `limit`. */
  bytes: Uint8Array;
  /** True when the sender sent more than `limit` bytes (the rest is drained, never kept). */
  overflow: boolean;
}

/**
 * Reads a stream (an HTTP request body) keeping at most `limit` bytes. Past the limit it stops collecting and resolves
 * with `overflow: true` while the stream keeps flowing, so the rest is discarded and a response can still be sent on
 * the connection. Rejects when the stream errors (e.g. the client aborted).
 */
export function readBoundedBody(stream: Readable, limit: number): Promise<BoundedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += buffer.length;
      if (received > limit) {
        cleanup();
        stream.resume();
        resolve({ bytes: new Uint8Array(0), overflow: true });
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      cleanup();
      const all = Buffer.concat(chunks);
      resolve({ bytes: new Uint8Array(all.buffer, all.byteOffset, all.byteLength), overflow: false });
    };
    const onError = (error: unknown) => {
      cleanup();
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
