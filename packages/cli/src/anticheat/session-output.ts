import type { AntiCheatSession } from '@tourney/sdk';
import { statusColumn } from '../commands/shared';
import type { Column } from '../output/table';
import { formatTimestamp } from '../output/text';

/** `covered/requested` participants of a session, as `session get` shows them piped. */
const coverage = (s: AntiCheatSession) => `${s.participants.filter((p) => p.covered).length}/${s.participants.length}`;

/**
 * Table columns of a session list (listAntiCheatSessions, R20.13). On a terminal: session id, game, status (`active`,
 * `ended`), covered/requested participants, detection and evidence counts, start and end times and the end reason
 * (the end and the reason left out when no row has one, e.g. with --active); a narrow terminal leaves out the reason, the evidence count, the end, the detection
 * count and the start, in that order. Piped: sessionId, game, status (ACTIVE|ENDED), covered/requested,
 * detectionCount, evidenceCount, startedAt, endedAt (ISO, empty while active), endReason, tab-separated.
 */
export const SESSION_COLUMNS: readonly Column<AntiCheatSession>[] = [
  { header: 'session', value: (s) => s.sessionId, flex: true, priority: 2 },
  { header: 'game', value: (s) => s.game },
  statusColumn('status', (s) => s.status),
  { header: 'covered', value: coverage, align: 'right' },
  { header: 'detections', value: (s) => s.detectionCount, align: 'right', drop: 4 },
  { header: 'evidence', value: (s) => s.evidenceCount, align: 'right', drop: 2 },
  { header: 'started', value: (s) => formatTimestamp(s.startedAt), raw: (s) => s.startedAt, drop: 5 },
  { header: 'ended', value: (s) => formatTimestamp(s.endedAt), raw: (s) => s.endedAt, hideEmpty: true, drop: 3 },
  { header: 'reason', value: (s) => s.endReason, flex: true, hideEmpty: true, drop: 1 },
];
