/**
 * The script of the public tournament pages (R28.5, R28.7): shows instants in the reader's time zone (calendar days
 * as the same day for everyone), follows the tournament's live event stream and redraws the page's main part from the
 * server after each change, without a reload; in the broadcast view it scales the bracket or standings to fit the
 * window. Events arriving close together cause one redraw (R28.14): the refetch waits `QUIET_MS` after the last
 * event of a burst, at most `MAX_WAIT_MS` after its first. A redraw keeps the rounds the reader opened and the
 * horizontal scroll of each tree or table (matched by their `data-key`), and the page's own scroll (R28.6).
 *
 * The stream survives what a deploy does to it (R28.6): EventSource reconnects by itself after a dropped connection,
 * but gives up for good on an answer other than a 200 event stream (a proxy's 502, 503 or 429 while no instance
 * answers); the script then opens a new one after a growing delay, resuming after the last event it saw. A redraw
 * whose fetch fails is tried again the same way.
 */
const QUIET_MS = 150;
const MAX_WAIT_MS = 1000;
/** First delay before reconnecting or refetching after a failure; it doubles with each failure up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const root = document.querySelector<HTMLElement>('[data-live]');

function localTimes(scope: ParentNode): void {
  for (const el of scope.querySelectorAll<HTMLTimeElement>('time[datetime]')) {
    const value = el.dateTime;
    // A calendar day is the same day everywhere: read and written in UTC, it never shifts by the reader's offset.
    const day = DAY.test(value);
    const at = new Date(day ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(at.getTime())) continue;
    el.textContent = day
      ? at.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })
      : at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}

function fit(): void {
  const box = document.querySelector<HTMLElement>('.fit');
  if (!box) return;
  box.style.transform = 'none';
  const scale = Math.min(window.innerWidth / box.scrollWidth, window.innerHeight / box.scrollHeight, 4);
  box.style.transform = `scale(${scale})`;
}

/** The delay before retry number `failures` (0 first): doubling from FIRST_RETRY_MS, capped, with jitter. */
function retryDelay(failures: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures, 16));
  return base / 2 + Math.random() * (base / 2);
}

/** Replaces `scope`'s content with `html`, keeping which keyed rounds are open and how far keyed boxes are scrolled. */
function swap(scope: HTMLElement, html: string): void {
  const kept = new Map<string, { open: boolean; left: number }>();
  for (const el of scope.querySelectorAll<HTMLElement>('[data-key]')) {
    kept.set(el.dataset.key!, { open: el instanceof HTMLDetailsElement && el.open, left: el.scrollLeft });
  }
  const { scrollX, scrollY } = window;
  scope.innerHTML = html;
  for (const el of scope.querySelectorAll<HTMLElement>('[data-key]')) {
    const was = kept.get(el.dataset.key!);
    if (!was) continue;
    if (el instanceof HTMLDetailsElement && was.open) el.open = true;
    if (was.left) el.scrollLeft = was.left;
  }
  window.scrollTo(scrollX, scrollY);
}

localTimes(document);
fit();
window.addEventListener('resize', fit);

if (root) {
  const id = root.dataset.tournament!;
  let lastSeq = Number(root.dataset.seq ?? 0);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let again = false;
  let refreshFailures = 0;
  let streamFailures = 0;
  const refresh = async (): Promise<void> => {
    if (busy) {
      again = true;
      return;
    }
    clearTimeout(retryTimer);
    retryTimer = undefined;
    busy = true;
    let done = false;
    try {
      const res = await fetch(`${location.pathname.replace(/\/$/, '')}/live${location.search}`, { headers: { Accept: 'text/html' } });
      if (res.ok) {
        const html = await res.text();
        swap(root, html);
        // The tab's title is the tournament's name, as the redrawn heading now says (a rename, R28.6).
        const heading = root.querySelector('h1')?.textContent;
        if (heading) document.title = heading;
        localTimes(root);
        fit();
        done = true;
        refreshFailures = 0;
        root.dataset.updated = String(Date.now());
        root.dataset.refreshes = String(Number(root.dataset.refreshes ?? 0) + 1);
      }
    } catch {
      // The network or the proxy failed: tried again below.
    } finally {
      busy = false;
      if (again) {
        again = false;
        void refresh();
      } else if (!done) {
        root.dataset.refreshFailures = String(Number(root.dataset.refreshFailures ?? 0) + 1);
        retryTimer = setTimeout(() => void refresh(), retryDelay(refreshFailures++));
      }
    }
  };
  let burstStart = 0;
  const onEvent = (event: MessageEvent): void => {
    const seq = Number(event.lastEventId);
    if (event.lastEventId !== '' && Number.isSafeInteger(seq) && seq >= 0) lastSeq = seq;
    const now = Date.now();
    if (timer === undefined) burstStart = now;
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = undefined;
        void refresh();
      },
      Math.max(0, Math.min(QUIET_MS, burstStart + MAX_WAIT_MS - now)),
    );
  };
  const connect = (): void => {
    const source = new EventSource(`/api/v1/tournaments/${id}/events?lastEventId=${lastSeq}`);
    source.onmessage = onEvent;
    source.onopen = () => {
      streamFailures = 0;
      root.dataset.stream = 'open';
    };
    source.onerror = () => {
      // CONNECTING: the connection dropped and EventSource reconnects by itself with Last-Event-ID. CLOSED: it gave up
      // (an answer other than a 200 event stream), so a new one resumes after the last event seen.
      if (source.readyState !== EventSource.CLOSED) {
        root.dataset.stream = 'connecting';
        return;
      }
      source.close();
      root.dataset.stream = 'closed';
      root.dataset.reconnects = String(Number(root.dataset.reconnects ?? 0) + 1);
      setTimeout(connect, retryDelay(streamFailures++));
    };
  };
  connect();
}
