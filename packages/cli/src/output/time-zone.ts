/**
 * The time zone terminal output of this run shows times in (see formatTimestamp): an IANA zone other than UTC, with
 * its formatter, or undefined for UTC. Chosen once per run (run, openSession); piped output and --json keep ISO UTC.
 */
let shown: { zone: string; format: Intl.DateTimeFormat } | undefined;

/** Zone names that are UTC: times in them keep the `Z` form. */
const UTC_NAMES = new Set(['UTC', 'ETC/UTC', 'ETC/UCT', 'UCT', 'ETC/GMT', 'GMT', 'ETC/ZULU', 'ZULU', 'UNIVERSAL', 'ETC/UNIVERSAL']);

/**
 * Shows times on the terminal in the first of `zones` that Intl knows (an IANA name such as Europe/Paris: the user's
 * profile timeZone of GET /users/me, then $TZ); UTC when none is given or known, or when `terminal` is false (piped
 * output keeps ISO UTC, R20.5). A name Intl does not know (a POSIX TZ such as `CET-1`) is skipped.
 */
export function showTimesIn(terminal: boolean, zones: readonly (string | null | undefined)[]): void {
  shown = undefined;
  if (!terminal) return;
  for (const candidate of zones) {
    const zone = candidate?.trim().replace(/^:/, '');
    if (!zone) continue;
    if (UTC_NAMES.has(zone.toUpperCase())) return;
    try {
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'longOffset',
      });
      shown = { zone, format };
      return;
    } catch {
      // Not a zone Intl knows: try the next one.
    }
  }
}

/** The IANA zone times are shown in on the terminal, or undefined for UTC. */
export function shownTimeZone(): string | undefined {
  return shown?.zone;
}

/**
 * `date` as `YYYY-MM-DD HH:MM` in the shown zone followed by its UTC offset (`2030-01-01 13:00+01:00`), or undefined
 * when times are shown in UTC.
 */
export function formatInShownZone(date: Date): string | undefined {
  if (!shown) return undefined;
  const parts = Object.fromEntries(shown.format.formatToParts(date).map((part) => [part.type, part.value]));
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}${offset}`;
}
