import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertStorageKey, type StorageDriver, type StoredObject, type StoredObjectInfo, type StoredObjectStream } from './storage-driver';

/** Suffix of the side file holding an object's metadata (its content type). */
const META_SUFFIX = '.meta.json';

interface ObjectMeta {
  contentType: string;
}

const isMissing = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ENOENT';

/**
 * A StorageDriver over a local directory: the object with key `a/b/c` is the file `<root>/a/b/c`, its content type in
 * `<root>/a/b/c.meta.json`. Directories are created on first write. Writes go to a temporary file renamed into place,
 * so a reader never sees half an object. Keys are checked with assertStorageKey (TypeError otherwise), so no key
 * escapes the root.
 */
export class LocalDirectoryStorage implements StorageDriver {
  /** Absolute path of the root directory. */
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Absolute file path of `key` (checked). */
  pathOf(key: string): string {
    assertStorageKey(key);
    if (key.endsWith(META_SUFFIX)) throw new TypeError(`invalid storage key "${key}": the suffix ${META_SUFFIX} is reserved`);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const suffix = `.tmp-${randomBytes(6).toString('hex')}`;
    const meta: ObjectMeta = { contentType };
    await writeFile(`${path}${META_SUFFIX}${suffix}`, JSON.stringify(meta));
    await writeFile(`${path}${suffix}`, bytes);
    await rename(`${path}${META_SUFFIX}${suffix}`, `${path}${META_SUFFIX}`);
    await rename(`${path}${suffix}`, path);
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const [bytes, meta] = await Promise.all([readFile(path), readFile(`${path}${META_SUFFIX}`, 'utf8')]);
      const { contentType } = JSON.parse(meta) as ObjectMeta;
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The object's content type (its side file) and size (the file's), without reading the file. */
  async head(key: string): Promise<StoredObjectInfo | null> {
    const path = this.pathOf(key);
    try {
      const [stats, meta] = await Promise.all([stat(path), readFile(`${path}${META_SUFFIX}`, 'utf8')]);
      return { contentType: (JSON.parse(meta) as ObjectMeta).contentType, sizeBytes: stats.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * The object's file opened and streamed (a file read stream, 64 KiB at a time): the size is that of the opened file,
   * so a put renaming a new file into place meanwhile does not change what this read sends. The file is closed when
   * the stream ends or is destroyed.
   */
  async openRead(key: string): Promise<StoredObjectStream | null> {
    const path = this.pathOf(key);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const [stats, meta] = await Promise.all([handle.stat(), readFile(`${path}${META_SUFFIX}`, 'utf8')]);
      const { contentType } = JSON.parse(meta) as ObjectMeta;
      return { contentType, sizeBytes: stats.size, stream: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}${META_SUFFIX}`, { force: true });
  }
}
