import stringWidth from 'string-width';

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The user-perceived characters (grapheme clusters) of `text` with the terminal cells each takes: 2 for CJK and
 * emoji (a ZWJ family is one cluster), 0 for control characters, 1 otherwise; an accent combined with its letter
 * is part of that letter's cluster.
 */
export function graphemes(text: string): { text: string; width: number }[] {
  return Array.from(graphemeSegmenter.segment(text), ({ segment }) => ({ text: segment, width: stringWidth(segment) }));
}

/** Number of terminal cells a string takes (`string-width`: East Asian wide and emoji count 2, combining marks 0). */
export function textWidth(text: string): number {
  return stringWidth(text);
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

/** Formats an ISO 8601 timestamp as `YYYY-MM-DD HH:MM` UTC; empty for null or undefined. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

/** Lower-case words of an enum value: `REGISTRATION_OPEN` -> `registration open`. */
export function humanize(value: string): string {
  return value.toLowerCase().replace(/_/g, ' ');
}
