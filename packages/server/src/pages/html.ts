/** Escapes text for HTML content and attribute values (R28.5). */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** An instant as a `<time>` element: UTC text on the server, the reader's local time once the page script runs. */
export function time(iso: string | null | undefined): string {
  if (!iso) return '<span class="muted">not scheduled</span>';
  return `<time datetime="${esc(iso)}">${esc(iso.replace('T', ' ').slice(0, 16))} UTC</time>`;
}

/**
 * A calendar day (`YYYY-MM-DD`, R2.13) as a `<time>` element: the same day for every reader (the page script writes
 * it in the reader's language, never shifting it through a time zone).
 */
export function day(date: string | null | undefined): string {
  if (!date) return '<span class="muted">not set</span>';
  return `<time datetime="${esc(date)}">${esc(date)}</time>`;
}

/**
 * Text a user wrote (a participant's, tournament's or circuit's name, a reason) isolated from the text around it
 * (`<bdi>`, R28.5): right-to-left letters or bidi controls in it (U+202E) never reorder the rest of the line.
 */
export function name(text: string | null | undefined): string {
  return `<bdi>${esc(text)}</bdi>`;
}

/** Words for an API enum value (`REGISTRATION_OPEN` -> `Registration open`). */
export function words(value: string | null | undefined): string {
  if (!value) return '';
  const lower = value.toLowerCase().replace(/_/g, ' ');
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** What a page shell needs: title, body, and the live stream to follow (tournament pages). */
export interface ShellOptions {
  title: string;
  /** Inner HTML of `<main>`. */
  main: string;
  /** Broadcast view: no header or footer, transparent background, content scaled to the window (R28.8). */
  broadcast?: boolean;
  /** Follow this tournament's live stream from event number `seq` (R28.6). */
  live?: { tournamentId: string; seq: number };
  /** Header line links. */
  nav?: string;
}

/** A whole HTML page: inline styles, the page script (same origin, no CDN), light and dark colours. */
export function shell(options: ShellOptions, css: string): string {
  const live = options.live ? ` data-live data-tournament="${esc(options.live.tournamentId)}" data-seq="${options.live.seq}"` : '';
  const main = options.broadcast ? `<main class="fit"${live}>${options.main}</main>` : `<main${live}>${options.main}</main>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${esc(options.title)}</title><style>${css}</style></head>
<body${options.broadcast ? ' class="broadcast"' : ''}>${
    options.broadcast ? '' : `<header><a class="brand" href="/">Tourney</a>${options.nav ?? ''}</header>`
  }${main}${options.broadcast ? '' : '<footer>Times are shown in your time zone. <a href="/docs">API reference</a></footer>'}
<script src="/assets/live.js" defer></script></body></html>`;
}
