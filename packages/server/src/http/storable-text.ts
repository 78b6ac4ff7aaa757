import type { ErrorDetail } from './errors';
import { formatPath } from './field-path';

/** The NUL character, or a UTF-16 surrogate that is not half of a pair (with the `u` flag a pair is one code point). */
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** Why `text` cannot be stored as sent, or undefined when it can. */
function unstorableReason(text: string): string | undefined {
  if (!UNSTORABLE.test(text)) return undefined;
  return text.includes('\u0000')
    ? 'must not contain the NUL character (U+0000)'
    : 'must not contain a lone UTF-16 surrogate (\\ud800-\\udfff)';
}

const escapeSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The strings of a request that the databases cannot store as sent (R2.17), as `{ path, message }` details in
 * document order: a string or a property name holding the NUL character (PostgreSQL's text refuses it) or a lone
 * UTF-16 surrogate (JSON escapes allow `\ud800`, but no text encoding carries it: stored, it would read back as
 * U+FFFD). `value` is a parsed JSON body, or the path or query parameters, walked in full (nested objects, arrays and
 * property names); paths are rooted at `prefix` (`body`, `query`, `path`), e.g. `body.stages[0].name`. Surrogate
 * pairs (astral characters) are well formed. Returns [] when every string is storable.
 */
export function unstorableText(value: unknown, prefix: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (typeof node === 'string') {
      const reason = unstorableReason(node);
      if (reason) details.push({ path: formatPath(prefix, pointer), message: reason });
    } else if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) walk(node[i], `${pointer}/${i}`);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const at = `${pointer}/${escapeSegment(key)}`;
        const reason = unstorableReason(key);
        if (reason) details.push({ path: formatPath(prefix, at), message: `property name ${reason}` });
        walk(child, at);
      }
    }
  };
  walk(value, '');
  return details;
}
