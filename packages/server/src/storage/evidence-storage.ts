import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import { ConfigError } from '../config-env';
import { directoryCreationReason, fileSystemReason } from '../file-system-reason';
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

/**
 * Checks at start that the evidence directory of a configuration on SQLite can be used (R21.3): creates it and
 * writes and removes a file there, so that a directory this process may not create or write stops the start instead
 * of failing every evidence upload with 500. Nothing to check on PostgreSQL (evidence is in the database), nor for
 * an in-memory database without config.evidenceDir (a fresh temporary directory, made at the first upload).
 * @throws ConfigError in one line naming the directory (absolute), why, and TOURNEY_EVIDENCE_DIR.
 */
export async function checkEvidenceDirectory(config: Pick<ServerConfig, 'evidenceDir' | 'databasePath' | 'databaseUrl'>): Promise<void> {
  if (config.databaseUrl) return;
  if (!config.evidenceDir && (config.databasePath === ':memory:' || config.databasePath === '')) return;
  const directory = evidenceDirectory(config);
  const which = config.evidenceDir ? 'TOURNEY_EVIDENCE_DIR' : 'next to the database; TOURNEY_EVIDENCE_DIR moves it';
  const refuse = (reason: string) =>
    new ConfigError(`cannot use the evidence directory ${directory} (${which}): ${reason}; fix that, or set TOURNEY_EVIDENCE_DIR to a directory this user may write`);
  try {
    await mkdir(directory, { recursive: true });
  } catch (error) {
    throw refuse(directoryCreationReason(directory, error));
  }
  // Storage keys never start with a dot: this name cannot be an object's.
  const probe = join(directory, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await writeFile(probe, '');
  } catch (error) {
    throw refuse(`it is not writable (${fileSystemReason(error)})`);
  }
  await rm(probe, { force: true });
}
