/** Waits `ms` milliseconds; injectable so tests never wait. Rejects with the signal's reason when it aborts. */
export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Default {@link SleepFn} built on `setTimeout`, abortable through `signal`. */
export const defaultSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
