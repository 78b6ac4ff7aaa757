import type { Detection } from '@tourney/sdk';

/** What {@link watchDetections} needs: how to fetch, how often, when to stop and where new detections go. */
export interface WatchOptions {
  /** Fetches the current list, newest first (GET /anti-cheat/detections). */
  fetchLatest(): Promise<Detection[]>;
  /** Pause between polls, in MILLISECONDS. */
  intervalMs: number;
  /** Resolves when watching must end (SIGINT or SIGTERM); its value is reported back. */
  stop: Promise<string>;
  /** Receives each poll's detections not seen before, oldest first (the first poll's too). */
  onNew(detections: Detection[]): void;
}

/**
 * Polls detections until `stop` resolves, reporting each detection once, oldest first. Resolves with the stop
 * reason; a failed poll rejects. The wait between polls ends early on stop.
 */
export async function watchDetections(options: WatchOptions): Promise<string> {
  const seen = new Set<string>();
  let stopped: string | undefined;
  void options.stop.then((reason) => {
    stopped = reason;
  });
  for (;;) {
    if (stopped !== undefined) return stopped;
    const latest = await options.fetchLatest();
    const fresh = latest.filter((d) => !seen.has(d.id)).reverse();
    for (const d of fresh) seen.add(d.id);
    if (fresh.length > 0) options.onNew(fresh);
    if (stopped !== undefined) return stopped;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reason = await Promise.race([
      options.stop,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), options.intervalMs);
      }),
    ]);
    clearTimeout(timer);
    if (reason !== undefined) return reason;
  }
}
