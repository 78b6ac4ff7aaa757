import type { Detection } from '@tourney/sdk';
import type { Column } from '../output/table';
import { formatTimestamp } from '../output/text';

/**
 * Table columns of a detection list. On a narrow terminal (R20.5) the secondary details go first (AI verdict and
 * evidence count, then the session, the time and the detection's own id), so that who (the user), what (the rule and
 * severity) and the review stay; piped rows keep every column.
 */
export const DETECTION_COLUMNS: readonly Column<Detection>[] = [
  { header: 'id', value: (d) => d.id, drop: 4 },
  { header: 'time', value: (d) => formatTimestamp(d.createdAt), raw: (d) => d.createdAt, drop: 3 },
  { header: 'session', value: (d) => d.sessionId, flex: true, drop: 2 },
  { header: 'user', value: (d) => d.userId, drop: 5 },
  { header: 'rule', value: (d) => d.rule, flex: true, priority: 2 },
  { header: 'severity', value: (d) => d.severity.toLowerCase(), raw: (d) => d.severity },
  { header: 'ai', value: (d) => (d.aiVerdictRecorded ? 'yes' : ''), raw: (d) => String(d.aiVerdictRecorded), drop: 1 },
  { header: 'evidence', value: (d) => d.evidenceCount, align: 'right', drop: 1 },
  { header: 'reviewed', value: (d) => (d.reviewed ? (d.verdict ?? 'yes').toLowerCase().replace(/_/g, ' ') : 'no'), raw: (d) => d.verdict ?? (d.reviewed ? 'REVIEWED' : '') },
];

/** One line per detection for `--watch` on a terminal: `2030-01-01 12:00Z  HIGH  aim.snap  user … session … (id)`. */
export function detectionLine(d: Detection): string {
  const extras = [d.aiVerdictRecorded ? 'ai verdict' : '', d.evidenceCount > 0 ? `${d.evidenceCount} evidence` : ''].filter(Boolean);
  return `${formatTimestamp(d.createdAt)}  ${d.severity.padEnd(8)}  ${d.rule}  user ${d.userId}  session ${d.sessionId}${
    extras.length ? `  [${extras.join(', ')}]` : ''
  }  (${d.id})`;
}
