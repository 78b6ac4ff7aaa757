const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The name of a request field as error details give it (R2.4): `prefix` (`body`, `query`, `path`, `header`) followed by
 * the segments of the JSON pointer `instancePath` and then `extra`, e.g. `body` + `/stages/0/format` ->
 * `body.stages[0].format`; a segment that is not an identifier is quoted (`body.settings["a b"]`).
 */
export function formatPath(prefix: string, instancePath: string, extra?: string): string {
  const segments = instancePath.split('/').slice(1);
  if (extra !== undefined) segments.push(extra.replace(/~/g, '~0').replace(/\//g, '~1'));
  let out = prefix;
  for (const raw of segments) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
