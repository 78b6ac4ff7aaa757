/** Answers that a service returns to many callers unchanged (deeply frozen), see {@link markShared}. */
const shared = new WeakSet<object>();

/**
 * Marks `answer`, deeply frozen, as returned to many callers as it is (a cached bracket, R18.17): whoever shapes it
 * for a caller (the HTTP layer's JSON encoding and ETag) may do that once and reuse the result for every caller it
 * is returned to, for as long as the answer lives. Returns `answer`.
 */
export function markShared<T extends object>(answer: T): T {
  shared.add(answer);
  return answer;
}

/** Whether `value` was marked by {@link markShared}. */
export function isShared(value: unknown): value is object {
  return value !== null && typeof value === 'object' && shared.has(value);
}
