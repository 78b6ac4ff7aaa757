import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ServerConfig } from '../config';
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

/** The storage of anti-cheat evidence for a configuration: a LocalDirectoryStorage at evidenceDirectory(config). */
export function createEvidenceStorage(config: Pick<ServerConfig, 'evidenceDir' | 'databasePath'>): StorageDriver {
  return new LocalDirectoryStorage(evidenceDirectory(config));
}
