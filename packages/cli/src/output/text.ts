import { createRequire } from 'node:module';
import { formatInShownZone } from './time-zone';

/**
 * `string-width`, loaded on the first width asked for rather than at start: with its East Asian width tables it costs
 * about 50 ms to load, which `tourney --help` and commands printing no table should not pay. ES module loaded with
 * require(), which Node supports from 20.19 (the CLI's minimum), so that these helpers stay synchronous.
 */
let stringWidth: ((text: string) => number) | undefined;
function widthOf(text: string): number {
  stringWidth ??= (createRequire(import.meta.url)('string-width') as typeof import('string-width')).default;
  return stringWidth(text);
}

/** Created on first use: building an Intl.Segmenter loads ICU break data (about 10 ms), not needed for `--help`. */
let graphemeSegmenter: Intl.Segmenter | undefined;

/**
 * The user-perceived characters (grapheme clusters) of `text` with the terminal cells each takes: 2 for CJK and
 * emoji (a ZWJ family is one cluster), 0 for control characters, 1 otherwise; an accent combined with its letter
 * is part of that letter's cluster.
 */
export function graphemes(text: string): { text: string; width: number }[] {
  return Array.from((graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text), ({ segment }) => ({ text: segment, width: widthOf(segment) }));
}

/** Number of terminal cells a string takes (`string-width`: East Asian wide and emoji count 2, combining marks 0). */
export function textWidth(text: string): number {
  return widthOf(text);
}

/**
 * Shortens `text` to at most `width` cells, ending with '…' when cut. Never splits a character: a wide one that would
 * straddle the limit is left out (the result may then be one cell narrower than `width`).
 */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  let kept = '';
  let used = 0;
  for (const g of graphemes(text)) {
    if (used + g.width > width - 1) break;
    kept += g.text;
    used += g.width;
  }
  return `${kept}…`;
}

/** Pads (or truncates) `text` to exactly `width` cells, left-aligned. */
export function padEnd(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - textWidth(cut)));
}

/** Pads (or truncates) `text` to exactly `width` cells, right-aligned. */
export function padStart(text: string, width: number): string {
  const cut = truncate(text, width);
  return ' '.repeat(Math.max(0, width - textWidth(cut))) + cut;
}

/**
 * Formats an ISO 8601 timestamp for a person: `YYYY-MM-DD HH:MMZ` in UTC, or, when the run shows times in another zone
 * (on a terminal, the user's profile timeZone or $TZ: see showTimesIn), `YYYY-MM-DD HH:MM+01:00` in that zone with
 * its offset. Empty for null or undefined; a value that is not a time is returned as it is.
 */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatInShownZone(date) ?? `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

/** Lower-case words of an enum value: `REGISTRATION_OPEN` -> `registration open`. */
export function humanize(value: string): string {
  return value.toLowerCase().replace(/_/g, ' ');
}
