import type { Readable } from 'node:stream';
import { notFound } from '../../errors/app-error';
import type { AntiCheatContext, ProjectKey } from './types';

/** The bytes of one evidence file opened for download: their size and a stream of them (R12.18). */
export interface OpenedEvidence {
  /** Size in bytes of what `stream` yields (the stored size: the declared sizeBytes). */
  sizeBytes: number;
  /** The stored bytes, read from storage as they are sent; destroy it to stop reading. */
  stream: Readable;
}

/** One evidence file found for download (R12.18), its bytes not read until `open` is called. */
export interface EvidenceDownload {
  mediaFileId: string;
  /** The contentType declared at presign (lower case, no parameters), which the upload had to send. */
  contentType: string;
  /** The stored size in bytes (the declared sizeBytes), read without the bytes. */
  sizeBytes: number;
  /**
   * Opens the bytes for a streamed read (GET; a HEAD never calls it). Their SHA-256 is the declared sha256.
   * @throws AppError 404 NOT_FOUND when the bytes left storage since the file was found.
   */
  open(): Promise<OpenedEvidence>;
}

/**
 * The bytes of one uploaded evidence file of the key's project (downloadEvidence, R12.18), read through the evidence
 * storage driver (a local directory on SQLite, the database on PostgreSQL; R12.14). 404 NOT_FOUND for an unknown id,
 * another project's file (R12.15), a reservation whose bytes have not arrived, and bytes missing from storage. Only
 * the object's metadata is read here (StorageDriver.head); the bytes are streamed by `open` (StorageDriver.openRead),
 * so a download holds a bounded part of the file in memory and a HEAD reads none of it.
 */
export async function downloadEvidence(ctx: AntiCheatContext, key: ProjectKey, mediaFileId: string): Promise<EvidenceDownload> {
  const file = await ctx.deps.db
    .selectFrom('anti_cheat_media_files')
    .select(['id', 'content_type', 'storage_key'])
    .where('id', '=', mediaFileId.toLowerCase())
    .where('project_id', '=', key.projectId)
    .where('status', '=', 'UPLOADED')
    .executeTakeFirst();
  if (!file) throw notFound('evidence file');
  const missing = () => {
    ctx.deps.logger.warn({ mediaFileId: file.id, key: file.storage_key }, 'the bytes of an uploaded evidence file are missing from storage');
    return notFound('evidence bytes');
  };
  const stored = await ctx.storage.head(file.storage_key);
  if (!stored) throw missing();
  const open = async (): Promise<OpenedEvidence> => {
    const opened = await ctx.storage.openRead(file.storage_key);
    if (!opened) throw missing();
    return { sizeBytes: opened.sizeBytes, stream: opened.stream };
  };
  return { mediaFileId: file.id, contentType: file.content_type, sizeBytes: stored.sizeBytes, open };
}
