/**
 * Milliseconds a redraw waits after the first live event of a burst, so that the events arriving meanwhile (a round
 * completing: one event per match, then the stage's) give one fetch and one redraw (R28.12).
 */
export const REDRAW_WINDOW_MS = 200;

/** What {@link redrawOnEvents} needs: the events to follow, what to run after them and when to stop. */
export interface RedrawOnEventsOptions {
  /** Opens the live events (e.g. the SDK's `client.events(id, { signal })`); `signal` ends them. */
  events(signal: AbortSignal): AsyncIterable<unknown>;
  /** Fetches and draws again; a rejection ends the watch with that error. */
  redraw(): Promise<void>;
  /** Resolves when watching must end (SIGINT or SIGTERM). */
  stop: Promise<unknown>;
  /** Coalescing window in milliseconds (default {@link REDRAW_WINDOW_MS}). */
  windowMs?: number;
}

/**
 * Follows live events until `stop` resolves, calling `redraw` once per burst (R28.12): the first event starts a
 * window of `windowMs`, every event within it joins the one redraw at its end; events arriving while a redraw runs
 * start a new window when it ends, so two redraws never run at once and none is lost. Ending (stop, or the events
 * ending or failing) drops a pending window and waits for a running redraw.
 * @throws the error of a failed redraw, or of the events.
 */
export async function redrawOnEvents(options: RedrawOnEventsOptions): Promise<void> {
  const windowMs = options.windowMs ?? REDRAW_WINDOW_MS;
  const ended = new AbortController();
  void options.stop.then(() => ended.abort());
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let eventsWhileRunning = false;
  let failure: { error: unknown } | undefined;
  const fire = () => {
    timer = undefined;
    running = options.redraw().then(
      () => {
        running = undefined;
        if (eventsWhileRunning && !ended.signal.aborted) timer = setTimeout(fire, windowMs);
        eventsWhileRunning = false;
      },
      (error: unknown) => {
        running = undefined;
        failure = { error };
        ended.abort();
      },
    );
  };
  try {
    for await (const _event of options.events(ended.signal)) {
      if (timer !== undefined) continue;
      if (running !== undefined) eventsWhileRunning = true;
      else timer = setTimeout(fire, windowMs);
    }
  } finally {
    ended.abort();
    clearTimeout(timer);
    await running;
  }
  if (failure !== undefined) throw failure.error;
}
