/** Number of terminal cells a string takes (one per code point; combining marks and wide glyphs are not measured). */
export function textWidth(text: string): number {
  let width = 0;
  for (const _ of text) width++;
  return width;
}

/** Shortens `text` to at most `width` cells, ending with '…' when cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  const chars = [...text];
  return `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
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
