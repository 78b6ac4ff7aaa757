import type { MatchContext } from './recipients';

/** `alice vs bob` (tbd for an unknown side). */
export function pairing(ctx: MatchContext): string {
  return `${ctx.sides[0]?.name ?? 'tbd'} vs ${ctx.sides[1]?.name ?? 'tbd'}`;
}

/** `alice vs bob (Spring Cup, round 2)`. */
export function matchLabel(ctx: MatchContext): string {
  return `${pairing(ctx)} (${ctx.tournamentName}, round ${ctx.round})`;
}

/**
 * ` on 2030-06-01 12:00 UTC` for a scheduled instant (UTC ISO 8601), or in `timeZone` (an IANA name) when given:
 * ` on 2030-06-01 14:00 Europe/Paris`; empty without an instant.
 */
export function scheduledSuffix(at: string | null | undefined, timeZone: string | null = null): string {
  if (!at) return '';
  if (timeZone === null) return ` on ${at.slice(0, 10)} ${at.slice(11, 16)} UTC`;
  const parts = Object.fromEntries(localFormat(timeZone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return ` on ${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${timeZone}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of year, month, day, hour and minute (24-hour, two digits) in `timeZone`, made once per zone. */
function localFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  return format;
}

/** `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st` ... */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** `2-1` from scores in side order, or empty when unknown. */
export function scoreLine(scores: ReadonlyArray<{ participantId: string | null; score: number }> | null | undefined, ctx: MatchContext): string {
  if (!scores) return '';
  const find = (id: string | null) => scores.find((s) => s.participantId === id)?.score;
  const a = find(ctx.sides[0]?.participantId ?? null);
  const b = find(ctx.sides[1]?.participantId ?? null);
  return a === undefined || b === undefined ? '' : `${a}-${b}`;
}
