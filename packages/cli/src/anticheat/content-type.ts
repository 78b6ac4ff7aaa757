import { extname } from 'node:path';

/** Content types by file extension for the usual evidence files (screenshots, clips, logs, demos). */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.dem': 'application/octet-stream',
};

/** The content type of a file from its extension (case-insensitive), or undefined when unknown. */
export function guessContentType(path: string): string | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}
