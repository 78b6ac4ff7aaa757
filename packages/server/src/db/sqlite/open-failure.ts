import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { directoryCreationReason, errorCode, pathExists } from '../../file-system-reason';
import { DatabaseConnectionError } from '../connection-error';

/** What to do, at the end of every message: where the database's location is set. */
const WHERE_TO_SET_IT = 'fix that, or choose another file with TOURNEY_DB (tourney server start: --db or TOURNEY_DATA_DIR)';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Whether this process may access `path` in `mode` (false when it is not there). */
function may(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why the SQLite database at `file` (absolute) could not be opened for writing with `error` (better-sqlite3's, or a
 * file system error creating its directory), in words: the directory cannot be created or written (SQLite creates the
 * file and its `-wal` and `-shm` files there), the file is read-only, not readable, a directory, or not a database.
 */
export function sqliteOpenReason(file: string, error: unknown): string {
  const directory = dirname(file);
  const code = errorCode(error);
  if (code.startsWith('E')) return directoryCreationReason(directory, error);
  const directoryNotWritable = `the directory ${directory} is not writable (SQLite creates the database's -wal and -shm files beside it)`;
  if (code === 'SQLITE_READONLY_DIRECTORY') return directoryNotWritable;
  if (code.startsWith('SQLITE_READONLY')) {
    if (pathExists(file) && !may(file, constants.W_OK)) return 'the file is read-only (no write permission)';
    if (!may(directory, constants.W_OK)) return directoryNotWritable;
    return `the database is read-only (${messageOf(error)})`;
  }
  if (code === 'SQLITE_CANTOPEN') {
    if (!pathExists(file)) {
      return may(directory, constants.W_OK | constants.X_OK)
        ? `the file cannot be created (${messageOf(error)})`
        : `the directory ${directory} is not writable (SQLite cannot create the file there)`;
    }
    if (statSync(file).isDirectory()) return 'it is a directory, not a file';
    if (!may(file, constants.R_OK | constants.W_OK)) return 'the file is not readable and writable (permission denied)';
    return messageOf(error);
  }
  if (code === 'SQLITE_NOTADB') return 'the file is not a SQLite database';
  return messageOf(error);
}

/**
 * The one-line error of a SQLite database that cannot be used at `path` (made absolute in the message): where,
 * why (sqliteOpenReason) and where to choose another location, e.g. `cannot open the SQLite database at
 * /srv/data/tourney.db: the file is read-only (no write permission); fix that, or choose another file with TOURNEY_DB
 * (tourney server start: --db or TOURNEY_DATA_DIR)`. `cause` is the original error.
 */
export function sqliteOpenFailure(path: string, error: unknown): DatabaseConnectionError {
  const file = path === ':memory:' || path.startsWith('file:') ? path : resolve(path);
  return new DatabaseConnectionError(`cannot open the SQLite database at ${file}: ${sqliteOpenReason(file, error)}; ${WHERE_TO_SET_IT}`, error);
}
