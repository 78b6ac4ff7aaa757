/**
 * The script of the public tournament pages (R28.5, R28.7): shows instants in the reader's time zone, follows the
 * tournament's live event stream (EventSource, which resumes with Last-Event-ID by itself) and redraws the page's
 * main part from the server after each change, without a reload; in the broadcast view it scales the bracket or
 * standings to fit the window. Events arriving close together cause one redraw (R28.14): the refetch waits
 * `QUIET_MS` after the last event of a burst, at most `MAX_WAIT_MS` after its first.
 */
const QUIET_MS = 150;
const MAX_WAIT_MS = 1000;
const root = document.querySelector<HTMLElement>('[data-live]');

function localTimes(scope: ParentNode): void {
  for (const el of scope.querySelectorAll<HTMLTimeElement>('time[datetime]')) {
    const at = new Date(el.dateTime);
    if (!Number.isNaN(at.getTime())) el.textContent = at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}

function fit(): void {
  const box = document.querySelector<HTMLElement>('.fit');
  if (!box) return;
  box.style.transform = 'none';
  const scale = Math.min(window.innerWidth / box.scrollWidth, window.innerHeight / box.scrollHeight, 4);
  box.style.transform = `scale(${scale})`;
}

localTimes(document);
fit();
window.addEventListener('resize', fit);

if (root) {
  const id = root.dataset.tournament!;
  const source = new EventSource(`/api/v1/tournaments/${id}/events?lastEventId=${root.dataset.seq ?? 0}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let again = false;
  const refresh = async (): Promise<void> => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const res = await fetch(`${location.pathname.replace(/\/$/, '')}/live${location.search}`, { headers: { Accept: 'text/html' } });
      if (res.ok) {
        root.innerHTML = await res.text();
        localTimes(root);
        fit();
        root.dataset.updated = String(Date.now());
        root.dataset.refreshes = String(Number(root.dataset.refreshes ?? 0) + 1);
      }
    } finally {
      busy = false;
      if (again) {
        again = false;
        void refresh();
      }
    }
  };
  let burstStart = 0;
  source.onmessage = () => {
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
  source.onopen = () => (root.dataset.stream = 'open');
}
