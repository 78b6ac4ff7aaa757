/**
 * What is wrong with `url` for a setting that takes one of `schemes` (each with its colon, as `URL.protocol` gives
 * it, e.g. `postgres:`): `is not a URL` when it does not parse, `has the unsupported scheme mysql` when its scheme
 * is not one of them, null when it is fine. The caller words the rest of its message and throws its own error
 * (R18.11, R21.5).
 */
export function urlSchemeProblem(url: string, schemes: ReadonlySet<string>): string | null {
  let scheme: string | null = null;
  try {
    scheme = new URL(url).protocol;
  } catch {
    return 'is not a URL';
  }
  return schemes.has(scheme) ? null : `has the unsupported scheme ${scheme.slice(0, -1)}`;
}
