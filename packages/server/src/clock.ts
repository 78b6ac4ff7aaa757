/** Source of the current time, injected so tests can move time (token expiry, presigned URLs, retries). */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance; `advance` takes milliseconds. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.#ms += ms;
  }
  /** Sets the clock to an instant. */
  set(at: Date | string): void {
    this.#ms = new Date(at).getTime();
  }
}
