import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import { DatabaseStorage } from './database-storage';
import { LocalDirectoryStorage } from './local-directory-storage';
import type { StorageDriver } from './storage-driver';

/** Name of the evidence directory created next to the database file. */
export const EVIDENCE_DIR_NAME = 'evidence';

/**
 * Root directory of anti-cheat evidence: `config.evidenceDir` when set; else `<directory of the database>/evidence`;
 * for an in-memory database (`:memory:`) a fresh directory under the system temp directory (as throwaway as the data).
 */
export function evidenceDirectory(config: Pick<ServerConfig, 'evidenceDir' | 'databasePath'>): string {
  if (config.evidenceDir) return resolve(config.evidenceDir);
  if (config.databasePath === ':memory:' || config.databasePath === '') {
    return join(tmpdir(), `tourney-evidence-${process.pid}-${randomBytes(4).toString('hex')}`);
  }
  return join(dirname(resolve(config.databasePath)), EVIDENCE_DIR_NAME);
}

/**
 * The storage of anti-cheat evidence for a configuration (R21.3): on PostgreSQL (config.databaseUrl set) a
 * DatabaseStorage in `db`, so that any server process accepts an upload and any reads it; else (SQLite, one process)
 * a LocalDirectoryStorage at evidenceDirectory(config).
 */
export function createEvidenceStorage(
  config: Pick<ServerConfig, 'evidenceDir' | 'databasePath' | 'databaseUrl'>,
  db: Kysely<Database>,
  clock: Clock,
): StorageDriver {
  if (config.databaseUrl) return new DatabaseStorage(db, clock);
  return new LocalDirectoryStorage(evidenceDirectory(config));
}
