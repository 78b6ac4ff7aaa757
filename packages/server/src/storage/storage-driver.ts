import type { Readable } from 'node:stream';

/** An object read back from storage: its bytes and the content type it was stored with. */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/** What storage knows of an object without reading its bytes (HeadObject): its content type and size in bytes. */
export interface StoredObjectInfo {
  contentType: string;
  sizeBytes: number;
}

/**
 * An object opened for reading (GetObject): its content type, its size in bytes and a stream of its bytes, read from
 * storage as the consumer pulls (a bounded amount held at a time, never the whole object). Destroying the stream
 * stops the reading and releases what it holds; a storage failure mid-way destroys it with the error.
 */
export interface StoredObjectStream extends StoredObjectInfo {
  stream: Readable;
}

/**
 * Where uploaded files (anti-cheat evidence) are kept, by key. The default is a local directory
 * (LocalDirectoryStorage); the interface maps one to one onto S3-compatible object storage (PutObject, GetObject,
 * HeadObject, DeleteObject), so a deployment at scale plugs such a driver in without touching the services.
 * Keys are `/`-separated paths of safe segments (see assertStorageKey).
 */
export interface StorageDriver {
  /** Stores `bytes` under `key` with `contentType`, replacing any object there; resolves once durable. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The content type and size of the object under `key`, without reading its bytes, or null when there is none. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /** The object under `key` opened for a streamed read (see StoredObjectStream), or null when there is none. */
  openRead(key: string): Promise<StoredObjectStream | null>;
  /** Whether an object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removes the object under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;

/**
 * Checks a storage key: 1 to 16 `/`-separated segments of letters, digits, `_`, `.` and `-`, none empty, none starting
 * with a dot (so no `..`, no hidden files). Throws TypeError naming the key otherwise.
 */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 1024 || segments.length > 16 || !segments.every((s) => SEGMENT.test(s))) {
    throw new TypeError(`invalid storage key "${key}": use /-separated segments of [A-Za-z0-9_.-] not starting with a dot`);
  }
}
