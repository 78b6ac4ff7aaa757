import { configure } from 'safe-stable-stringify';

/**
 * JSON text with object keys sorted at every level (UTF-16 code-unit order), so `{a,b}` and `{b,a}` give the same
 * text; undefined object members are left out and undefined array items become null, as in JSON.stringify. Returns
 * undefined for undefined (as JSON.stringify does). @throws TypeError on a cyclic value.
 */
export const canonicalJson: (value: unknown) => string | undefined = configure({ deterministic: true, circularValue: TypeError });
