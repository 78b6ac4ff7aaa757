import type { components } from '@tourney/sdk';
import type { CliIo } from '../deps';
import { printFields, printTable, type Column, type Field } from '../output/table';
import { formatTimestamp } from '../output/text';

/** One detection as getDetection answers it: the listed Detection with aiVerdict, verdictNote and evidence[]. */
export type DetectionDetail = components['schemas']['DetectionDetail'];
/** An uploaded evidence file of a detection, without its bytes (DetectionEvidence of getDetection). */
export type DetectionEvidence = components['schemas']['DetectionEvidence'];
type Verdict = components['schemas']['DetectionVerdict'];

/** Every review verdict in words (the Record keeps it equal to the contract's enum). */
export const VERDICT_WORDS: Readonly<Record<Verdict, string>> = {
  CONFIRMED_CHEAT: 'confirmed cheat',
  FALSE_POSITIVE: 'false positive',
  INCONCLUSIVE: 'inconclusive',
};

const BYTE_UNITS = ['KiB', 'MiB', 'GiB'] as const;

/** A size in bytes for a person: `512 B`, `1.5 KiB`, `48.2 MiB` (binary units, one decimal). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes;
  let unit: string = BYTE_UNITS[0];
  for (const next of BYTE_UNITS) {
    value /= 1024;
    unit = next;
    if (value < 1024) break;
  }
  return `${Number(value.toFixed(1))} ${unit}`;
}

/**
 * Table columns of a detection's evidence files (R20.13). On a terminal: id, kind, content type, size (`1.5 KiB`),
 * the first 12 hex digits of the SHA-256 and the upload time; a narrow terminal leaves out the upload time, then the
 * checksum, never the id `evidence download` takes. Piped: one line per file, `file`, mediaFileId, kind, contentType,
 * sizeBytes, sha256 (all 64 digits), uploadedAt (ISO), tab-separated.
 */
export const EVIDENCE_COLUMNS: readonly Column<DetectionEvidence>[] = [
  { header: 'line', value: () => 'file', only: 'pipe' },
  { header: 'id', value: (e) => e.mediaFileId },
  { header: 'kind', value: (e) => e.kind },
  { header: 'content type', value: (e) => e.contentType, flex: true },
  { header: 'size', value: (e) => formatSize(e.sizeBytes), raw: (e) => e.sizeBytes, align: 'right' },
  { header: 'sha256', value: (e) => `${e.sha256.slice(0, 12)}…`, raw: (e) => e.sha256, drop: 2 },
  { header: 'uploaded', value: (e) => formatTimestamp(e.uploadedAt), raw: (e) => e.uploadedAt, drop: 1 },
];

/**
 * Prints one detection of getDetection (R20.13): its fields, the AI verdict the agent attached (label and
 * confidence), the review verdict with its note, then its evidence files ({@link EVIDENCE_COLUMNS}). On a terminal:
 * `label: value` lines (`ai verdict: likely_aimbot (confidence 0.93)`; the note only when there is one) and, after a
 * blank line, a table of the files. Piped: `label<TAB>raw value` lines, always the same labels in the same order
 * (`ai verdict` the label, `ai confidence` the number from 0 to 1, `note`; empty when none), then one `file` line per
 * evidence file. `d` is expected with its strings already made safe (printResult does it).
 */
export function printDetectionDetail(io: CliIo, d: DetectionDetail): void {
  const ai = d.aiVerdict;
  const fields: Field[] = [
    ['detection', d.id],
    ['rule', d.rule],
    ['severity', d.severity.toLowerCase(), d.severity],
    ['user', d.userId],
    ['session', d.sessionId],
    ['raised', formatTimestamp(d.createdAt), d.createdAt],
    ['ai verdict', ai ? `${ai.label} (confidence ${ai.confidence})` : 'none', ai?.label],
    ...(io.isTTY ? [] : ([['ai confidence', ai?.confidence]] as Field[])),
    ['evidence', d.evidenceCount],
    ['verdict', d.verdict ? `${VERDICT_WORDS[d.verdict]} (${formatTimestamp(d.reviewedAt)})` : 'not reviewed', d.verdict],
    ...(io.isTTY && d.verdictNote === null ? [] : ([['note', d.verdictNote]] as Field[])),
  ];
  printFields(io, fields);
  if (d.evidence.length === 0) return;
  if (io.isTTY) io.stdout.write('\n');
  printTable(io, EVIDENCE_COLUMNS, d.evidence);
}
