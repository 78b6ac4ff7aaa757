import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { assertStorageKey, type StorageDriver, type StoredObject } from './storage-driver';

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

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    return (await this.db.selectFrom('evidence_objects').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.db.deleteFrom('evidence_objects').where('key', '=', key).execute();
  }
}
