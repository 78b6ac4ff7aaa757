import type Ajv2020 from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { OpenApiDocument } from './openapi';

/** The UTC instants the server can store and answer as ISO 8601 (`toISOString` gives four-digit years only there). */
const LATEST_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');
const EARLIEST_INSTANT_MS = Date.parse('0000-01-01T00:00:00.000Z');

const rfc3339DateTime = fullFormats['date-time'] as { validate: (value: string) => boolean };

/**
 * The contract's `date-time` (R2.13): RFC 3339 as ajv-formats checks it, and also an instant JavaScript's `Date` can
 * hold with a UTC year of 0000 to 9999. A leap second (`23:59:60`) or an offset pushing 9999-12-31 into year 10000
 * passes RFC 3339 but has no ISO 8601 UTC form here, so it is refused with the field's name (400) instead of failing
 * later in a service.
 */
export function isStorableDateTime(value: string): boolean {
  if (!rfc3339DateTime.validate(value)) return false;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS;
}

/** The annotation {@link withLowercaseUuids} adds beside every `format: uuid`; its keyword lower-cases the value. */
const LOWERCASE_KEYWORD = 'x-tourney-lowercase';

/**
 * A copy of `document` in which every schema of `format: uuid` also carries the lower-casing keyword that
 * {@link addContractFormats} defines with `lowercaseUuids`. UUIDs compare without case (RFC 9562) and the server
 * stores them in lower case, so an id sent in upper case (path, query or body) finds its resource (R2.21). The
 * document served at /openapi.json stays as written.
 */
export function withLowercaseUuids(document: OpenApiDocument): OpenApiDocument {
  const annotate = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(annotate);
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) copy[key] = annotate(value);
    if (copy.format === 'uuid') copy[LOWERCASE_KEYWORD] = true;
    return copy;
  };
  return annotate(document) as OpenApiDocument;
}

/**
 * Adds the contract's formats to `ajv`: those of ajv-formats (full mode), `date-time` narrowed to
 * {@link isStorableDateTime}, and with `lowercaseUuids` the keyword that lower-cases, in place, the strings of the
 * schemas {@link withLowercaseUuids} marked (for requests only: a response is checked, never changed).
 */
export function addContractFormats(ajv: Ajv2020, options: { lowercaseUuids: boolean }): void {
  ajv.addFormat('date-time', { type: 'string', validate: isStorableDateTime });
  if (!options.lowercaseUuids) return;
  ajv.addKeyword({
    keyword: LOWERCASE_KEYWORD,
    schemaType: 'boolean',
    modifying: true,
    errors: false,
    validate: (on: boolean, data: unknown, _schema: unknown, at?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number }) => {
      if (on && typeof data === 'string' && at?.parentData !== undefined) at.parentData[at.parentDataProperty] = data.toLowerCase();
      return true;
    },
  });
}
