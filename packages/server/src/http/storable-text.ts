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

/** The deepest nesting a request body may have: a value inside at most this many objects and arrays (R2.17). */
export const MAX_JSON_DEPTH = 64;

/** One value still to visit: the value, its JSON pointer, how many containers hold it, and its property name if any. */
interface Pending {
  node: unknown;
  pointer: string;
  depth: number;
  key: string | undefined;
}

/**
 * The strings of a request that the databases cannot store as sent (R2.17), as `{ path, message }` details in
 * document order: a string or a property name holding the NUL character (PostgreSQL's text refuses it) or a lone
 * UTF-16 surrogate (JSON escapes allow `\ud800`, but no text encoding carries it: stored, it would read back as
 * U+FFFD). `value` is a parsed JSON body, or the path or query parameters, walked in full (nested objects, arrays and
 * property names) without recursion; paths are rooted at `prefix` (`body`, `query`, `path`), e.g.
 * `body.stages[0].name`. Surrogate pairs (astral characters) are well formed. A value nested in more than
 * {@link MAX_JSON_DEPTH} objects and arrays cannot be stored either (serializing it overflows the stack): the answer is
 * then that single detail on `prefix`. Returns [] when every string is storable.
 */
export function unstorableText(value: unknown, prefix: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const pending: Pending[] = [{ node: value, pointer: '', depth: 0, key: undefined }];
  while (pending.length > 0) {
    const { node, pointer, depth, key } = pending.pop()!;
    if (key !== undefined) {
      const reason = unstorableReason(key);
      if (reason) details.push({ path: formatPath(prefix, pointer), message: `property name ${reason}` });
    }
    if (typeof node === 'string') {
      const reason = unstorableReason(node);
      if (reason) details.push({ path: formatPath(prefix, pointer), message: reason });
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      return [{ path: prefix, message: `must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep` }];
    }
    // Children are pushed last first, so that they are visited (and reported) in document order.
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push({ node: node[i], pointer: `${pointer}/${i}`, depth: depth + 1, key: undefined });
    } else {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [name, child] = entries[i]!;
        pending.push({ node: child, pointer: `${pointer}/${escapeSegment(name)}`, depth: depth + 1, key: name });
      }
    }
  }
  return details;
}
