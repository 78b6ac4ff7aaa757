const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The name of a request field as error details give it (R2.4): `prefix` (`body`, `query`, `path`, `header`) followed by
 * the segments of the JSON pointer `instancePath` and then `extra`, e.g. `body` + `/stages/0/format` ->
 * `body.stages[0].format`; a segment that is not an identifier is quoted (`body.settings["a b"]`). A header is named
 * `header.<name>` in lower case whatever its characters (`header.idempotency-key`, `header.last-event-id`).
 */
export function formatPath(prefix: string, instancePath: string, extra?: string): string {
  const segments = instancePath.split('/').slice(1);
  if (extra !== undefined) segments.push(extra.replace(/~/g, '~0').replace(/\//g, '~1'));
  let out = prefix;
  for (const [index, raw] of segments.entries()) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (prefix === 'header' && index === 0) out += `.${segment.toLowerCase()}`;
    else if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
