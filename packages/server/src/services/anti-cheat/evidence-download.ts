import { notFound } from '../../errors/app-error';
import type { AntiCheatContext, ProjectKey } from './types';

/** One evidence file read back for download (R12.18). */
export interface EvidenceDownload {
  mediaFileId: string;
  /** The contentType declared at presign (lower case, no parameters), which the upload had to send. */
  contentType: string;
  /** The stored bytes; their length is the declared sizeBytes and their SHA-256 the declared sha256. */
  bytes: Uint8Array;
}

/**
 * The bytes of one uploaded evidence file of the key's project (downloadEvidence, R12.18), read through the evidence
 * storage driver (a local directory on SQLite, the database on PostgreSQL; R12.14). 404 NOT_FOUND for an unknown id,
 * another project's file (R12.15), a reservation whose bytes have not arrived, and bytes missing from storage.
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
  const stored = await ctx.storage.get(file.storage_key);
  if (!stored) {
    ctx.deps.logger.warn({ mediaFileId: file.id, key: file.storage_key }, 'the bytes of an uploaded evidence file are missing from storage');
    throw notFound('evidence bytes');
  }
  return { mediaFileId: file.id, contentType: file.content_type, bytes: stored.bytes };
}
