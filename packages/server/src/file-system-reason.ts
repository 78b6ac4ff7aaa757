import { statSync } from 'node:fs';
import { dirname } from 'node:path';

/** The `code` of a Node.js system error ('' when there is none). */
export const errorCode = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Whether `path` is there (whatever it is). */
export function pathExists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A file system error in words fit for a one-line start message (R18.13): the Node.js error code in words
 * (`permission denied`, `read-only file system`, `no space left on the device`), else the error's message.
 */
export function fileSystemReason(error: unknown): string {
  switch (errorCode(error)) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return messageOf(error);
  }
}

/**
 * Why `directory` could not be created with `error` (mkdir -p), in words: a path component that is a file (EEXIST,
 * ENOTDIR) is named (`/srv/data is a file, not a directory`), else `cannot create the directory /srv/data (permission
 * denied)` with fileSystemReason.
 */
export function directoryCreationReason(directory: string, error: unknown): string {
  const code = errorCode(error);
  if (code === 'EEXIST' || code === 'ENOTDIR') {
    // Some ancestor is a file: the nearest one that is there.
    for (let path = directory; ; path = dirname(path)) {
      if (pathExists(path)) {
        const isFile = `${path} is a file, not a directory`;
        return path === directory ? isFile : `cannot create the directory ${directory}: ${isFile}`;
      }
      if (dirname(path) === path) break;
    }
  }
  return `cannot create the directory ${directory} (${fileSystemReason(error)})`;
}
