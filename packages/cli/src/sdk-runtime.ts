import type { TourneyError } from '@tourney/sdk';

/** The SDK module, loaded on first use so that `tourney --help` and other offline commands start faster. */
type Sdk = typeof import('@tourney/sdk');

let sdk: Sdk | undefined;

/** Loads @tourney/sdk (once) and returns it. */
export async function loadSdk(): Promise<Sdk> {
  sdk ??= await import('@tourney/sdk');
  return sdk;
}

/**
 * The SDK once {@link loadSdk} has resolved (openSession loads it before any client exists).
 * @throws Error when nothing loaded it yet (a programming error).
 */
export function loadedSdk(): Sdk {
  if (!sdk) throw new Error('@tourney/sdk is not loaded yet: await loadSdk() first');
  return sdk;
}

/** isTourneyError of the SDK; false while the SDK is not loaded (then no API call can have failed). */
export function isApiError(value: unknown): value is TourneyError {
  return sdk !== undefined && sdk.isTourneyError(value);
}
