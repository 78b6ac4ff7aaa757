import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { assertStorageKey, type StorageDriver, type StoredObject, type StoredObjectInfo, type StoredObjectStream } from './storage-driver';

/** Bytes read by one statement of a streamed read (openRead): 1 MiB. */
export const DATABASE_READ_CHUNK_BYTES = 1024 * 1024;

/**
 * A StorageDriver keeping each object in one row of `evidence_objects` (key, content type, bytes, size), so that every
 * server process on the database reads what any of them stored (R21.3): the default on PostgreSQL. A put replaces the
 * row in one statement (insert, or update on a key already there), so a reader never sees half an object. Meant for
 * evidence-sized objects (up to config.maxEvidenceBytes, 25 MiB by default). Keys are checked with assertStorageKey
 * (TypeError otherwise).
 */
export class DatabaseStorage implements StorageDriver {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    const row = { content_type: contentType, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), size_bytes: bytes.byteLength };
    await this.db
      .insertInto('evidence_objects')
      .values({ key, ...row, created_at: this.clock.now().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet(row))
      .execute();
  }

  async get(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    const row = await this.db.selectFrom('evidence_objects').select(['bytes', 'content_type']).where('key', '=', key).executeTakeFirst();
    if (!row) return null;
    const bytes = row.bytes;
    return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: row.content_type };
  }

  /** The row's content type and size_bytes, without selecting its bytes. */
  async head(key: string): Promise<StoredObjectInfo | null> {
    assertStorageKey(key);
    const row = await this.db.selectFrom('evidence_objects').select(['content_type', 'size_bytes']).where('key', '=', key).executeTakeFirst();
    return row ? { contentType: row.content_type, sizeBytes: Number(row.size_bytes) } : null;
  }

  /**
   * The row's bytes streamed {@link DATABASE_READ_CHUNK_BYTES} at a time, one statement per chunk
   * (`substr(bytes, start, length)`, a bytea on PostgreSQL, a blob on SQLite), the next chunk selected only when the
   * consumer asks for it; destroying the stream stops the reading. A row deleted or replaced by a shorter one while it
   * is read destroys the stream with an Error (never a silently short object).
   */
  async openRead(key: string): Promise<StoredObjectStream | null> {
    const info = await this.head(key);
    if (!info) return null;
    const { db } = this;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let offset = 0; offset < info!.sizeBytes; offset += DATABASE_READ_CHUNK_BYTES) {
        const length = Math.min(DATABASE_READ_CHUNK_BYTES, info!.sizeBytes - offset);
        const row = await db
          .selectFrom('evidence_objects')
          .select(sql<Uint8Array>`substr(bytes, ${offset + 1}, ${length})`.as('chunk'))
          .where('key', '=', key)
          .executeTakeFirst();
        if (!row || row.chunk.byteLength !== length) throw new Error(`the stored object ${key} changed while it was read (at byte ${offset})`);
        yield Buffer.from(row.chunk.buffer, row.chunk.byteOffset, row.chunk.byteLength);
      }
    }
    return { ...info, stream: Readable.from(chunks()) };
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    return (await this.db.selectFrom('evidence_objects').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.db.deleteFrom('evidence_objects').where('key', '=', key).execute();
  }
}
