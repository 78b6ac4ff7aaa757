import { createColors } from 'picocolors';
import type { CliDeps } from '../deps';

/** Colour functions (picocolors); each returns its text unchanged when colour is off. */
export type Style = ReturnType<typeof createColors>;

/**
 * Whether to colour a stream: never with NO_COLOR set to anything non-empty (no-color.org), always with FORCE_COLOR
 * set to anything but "0", else only on a terminal that names itself (TERM set, not "dumb"; any terminal on Windows).
 */
export function colorEnabled(isTTY: boolean, env: CliDeps['env']): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  const term = env.TERM ?? '';
  return isTTY && (process.platform === 'win32' || (term !== '' && term !== 'dumb'));
}

/** Colours for stdout (on when stdout is a terminal, see {@link colorEnabled}). */
export function stdoutStyle(deps: Pick<CliDeps, 'io' | 'env'>): Style {
  return createColors(colorEnabled(deps.io.isTTY, deps.env));
}

/** Colours for stderr (on when stderr is a terminal, see {@link colorEnabled}). */
export function stderrStyle(deps: Pick<CliDeps, 'io' | 'env'>): Style {
  return createColors(colorEnabled(deps.io.stderrIsTTY === true, deps.env));
}

/** Colour of a status word by how it reads: done (green), waiting on someone (yellow), trouble (red), else none. */
export function statusColor(style: Style, status: string): (text: string) => string {
  if (/^(COMPLETED|RESOLVED|ACTIVE|CHECKED_IN|SUCCEEDED|ENABLED|REGISTRATION_OPEN|ONGOING|IN_PROGRESS)$/.test(status)) return style.green;
  if (/^(PENDING_RESULT|PENDING|SCHEDULED|PUBLISHED|REGISTERED|UPCOMING|DRAFT|WAITLISTED)$/.test(status)) return style.yellow;
  if (/^(DISPUTED|FAILED|DISQUALIFIED|NO_SHOW|ELIMINATED|REVOKED|WITHDRAWN)$/.test(status)) return style.red;
  return (text) => text;
}
