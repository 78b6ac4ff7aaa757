import type { ErrorObject, ValidateFunction } from 'ajv';
// ajv has no `exports` map: Node's ESM loader needs the file extension on this deep import.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { addContractFormats, withLowercaseUuids } from './contract-formats';
import { ApiError, type ErrorDetail } from './errors';
import { formatPath } from './field-path';
import { type OpenApiDocument, type OperationSpec, type ParameterLocation, type ResponseSpec, resolvePointer } from './openapi';
import type { ValidatedInput } from './operation';

/** Id under which the whole OpenAPI document is added to Ajv; operation schemas `$ref` into it by JSON pointer. */
const DOCUMENT_ID = 'tourney-openapi.json';

/** The raw, unvalidated parts of a request that an operation reads. */
export interface RawRequestInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

/** Validates (and, for parameters, coerces and defaults) one operation's input; throws 400 VALIDATION_ERROR. */
export type RequestValidator = (raw: RawRequestInput) => ValidatedInput;

/** Checks a response against the documented schema of its status; returns the mismatches (empty when valid). */
export type ResponseValidator = (status: number, body: unknown) => ErrorDetail[];

/** Validators of one operation, compiled once at start-up. */
export interface OperationValidators {
  request: RequestValidator;
  /** Present when response validation is on (config.validateResponses). */
  response: ResponseValidator | undefined;
}

/**
 * Error codes the platform itself can answer on any operation, documented there or not. Not 401: every operation
 * that reads credentials documents it (R1.7), the others never answer it (R1.21).
 */
const PLATFORM_ERROR_CODES = new Set([
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'NOT_IMPLEMENTED',
  'SERVICE_UNAVAILABLE',
]);

/**
 * An Ajv over `document`: parameters are coerced and defaulted (`coerce`); request validators lower-case UUIDs in
 * place (`forRequests`, on a document marked by withLowercaseUuids); response validators only check. With
 * `allErrors` a validator reports every problem, else it stops at the first one.
 */
function newAjv(document: OpenApiDocument, options: { coerce: boolean; forRequests: boolean; allErrors: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: options.allErrors,
    logger: false,
    validateSchema: false,
    ...(options.coerce ? { coerceTypes: 'array' as const, useDefaults: true } : {}),
  });
  addFormats(ajv);
  addContractFormats(ajv, { lowercaseUuids: options.forRequests });
  ajv.addSchema(document as object, DOCUMENT_ID);
  return ajv;
}

const ref = (pointer: string) => ({ $ref: `${DOCUMENT_ID}${pointer}` });

/** Turns Ajv errors into `{ path, message }` details rooted at `prefix` (`body`, `query`, `path`, `header`). */
export function toDetails(prefix: string, errors: ErrorObject[] | null | undefined): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    let detail: ErrorDetail;
    if (e.keyword === 'required') {
      detail = { path: formatPath(prefix, e.instancePath, String(e.params.missingProperty)), message: 'is required' };
    } else if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
      const name = String(e.params.additionalProperty ?? e.params.unevaluatedProperty);
      detail = { path: formatPath(prefix, e.instancePath, name), message: 'is not allowed' };
    } else if (e.keyword === 'enum') {
      detail = { path: formatPath(prefix, e.instancePath), message: `must be one of ${(e.params.allowedValues as unknown[]).join(', ')}` };
    } else {
      detail = { path: formatPath(prefix, e.instancePath), message: e.message ?? 'is invalid' };
    }
    const key = `${detail.path}\u0000${detail.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      details.push(detail);
    }
  }
  // Summary errors of oneOf/anyOf say less than the branch errors: list them last.
  const isSummary = (d: ErrorDetail) => /must match (exactly one|a) schema/.test(d.message);
  return [...details.filter((d) => !isSummary(d)), ...details.filter(isSummary)];
}

/** The most details one error answer lists (R2.4): a body with more problems gets the first ones and a count. */
export const MAX_ERROR_DETAILS = 100;

/**
 * The error for a list of details: 400 VALIDATION_ERROR whose message names the first field (all are in `details`).
 * Beyond {@link MAX_ERROR_DETAILS} details, `details` keeps the first ones and the message says how many there were;
 * `note` (e.g. that checking stopped at the first problem) is added to the message in parentheses.
 */
export function validationError(details: ErrorDetail[], note?: string): ApiError {
  const first = details[0]!;
  const notes = note ? [note] : [];
  if (details.length > MAX_ERROR_DETAILS) notes.push(`${details.length} problems, details lists the first ${MAX_ERROR_DETAILS}`);
  const message = `${first.path}: ${first.message}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  return new ApiError('VALIDATION_ERROR', message, { details: details.slice(0, MAX_ERROR_DETAILS) });
}

/**
 * Bodies of more JSON values than this (objects, arrays and scalars, counted) are checked up to their first problem
 * only. Listing every problem costs Ajv time quadratic in their number (each failing item of an array copies the
 * errors gathered so far): a few thousand items would hold the process for seconds.
 */
export const FULL_REPORT_MAX_VALUES = 1000;

/** Whether `value` (parsed JSON) holds more than `limit` values, counted iteratively up to `limit` + 1. */
function holdsMoreValuesThan(value: unknown, limit: number): boolean {
  const pending: unknown[] = [value];
  let count = 0;
  while (pending.length > 0) {
    const node = pending.pop();
    if (++count > limit) return true;
    if (Array.isArray(node)) {
      if (count + pending.length + node.length > limit) return true;
      for (const child of node) pending.push(child);
    } else if (node !== null && typeof node === 'object') {
      const children = Object.values(node);
      if (count + pending.length + children.length > limit) return true;
      for (const child of children) pending.push(child);
    }
  }
  return false;
}

/** The problems of a request body, and whether they are all of them (false: checking stopped at the first). */
interface BodyProblems {
  details: ErrorDetail[];
  complete: boolean;
}

/** The two Ajvs of request bodies (neither coerces): one stops at the first problem, the other lists them all. */
interface BodyAjvs {
  firstError: Ajv2020;
  allErrors: Ajv2020;
}

/**
 * A validator of the request body at `pointer`: a first pass stops at the first problem (linear in the body, whatever
 * its size); a body that fails it and holds at most {@link FULL_REPORT_MAX_VALUES} values is checked again listing
 * every problem (that validator compiled on first use), so that a client fixing a form sees all its fields at once.
 */
function compileBodyValidator(ajvs: BodyAjvs, pointer: string): (body: unknown) => BodyProblems {
  const firstProblem = ajvs.firstError.compile(ref(pointer));
  let everyProblem: ValidateFunction | undefined;
  return (body) => {
    if (firstProblem(body)) return { details: [], complete: true };
    if (holdsMoreValuesThan(body, FULL_REPORT_MAX_VALUES)) return { details: toDetails('body', firstProblem.errors), complete: false };
    everyProblem ??= ajvs.allErrors.compile(ref(pointer));
    everyProblem(body);
    return { details: toDetails('body', everyProblem.errors), complete: true };
  };
}

const PREFIX: Record<ParameterLocation, string> = { path: 'path', query: 'query', header: 'header' };

interface LocationValidator {
  names: string[];
  validate: ValidateFunction;
}

/** A parameter's schema as a `$ref`, with its `default` copied beside it (Ajv applies defaults only there). */
function parameterSchema(document: OpenApiDocument, pointer: string | null): Record<string, unknown> {
  if (!pointer) return {};
  const target = resolvePointer(document, pointer) as { default?: unknown } | null;
  return target && typeof target === 'object' && 'default' in target ? { ...ref(pointer), default: target.default } : ref(pointer);
}

function compileLocation(ajv: Ajv2020, document: OpenApiDocument, op: OperationSpec, location: ParameterLocation): LocationValidator | null {
  const params = op.parameters.filter((p) => p.in === location);
  if (params.length === 0) return null;
  const schema = {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, parameterSchema(document, p.schemaPointer)])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  return { names: params.map((p) => p.name), validate: ajv.compile(schema) };
}

function compileRequestValidator(coercing: Ajv2020, bodies: BodyAjvs, document: OpenApiDocument, op: OperationSpec): RequestValidator {
  const path = compileLocation(coercing, document, op, 'path');
  const query = compileLocation(coercing, document, op, 'query');
  const header = compileLocation(coercing, document, op, 'header');
  const body = op.bodyKind === 'json' && op.bodySchemaPointer ? compileBodyValidator(bodies, op.bodySchemaPointer) : null;

  const pick = (v: LocationValidator | null, source: Record<string, unknown>, location: ParameterLocation, details: ErrorDetail[]) => {
    const out: Record<string, unknown> = {};
    if (!v) return out;
    for (const name of v.names) if (source[name] !== undefined) out[name] = source[name];
    if (!v.validate(out)) details.push(...toDetails(PREFIX[location], v.validate.errors));
    return out;
  };

  return (raw) => {
    const details: ErrorDetail[] = [];
    const params = pick(path, raw.params, 'path', details);
    const queryOut = pick(query, raw.query, 'query', details);
    const headers = pick(header, raw.headers, 'header', details);
    let complete = true;
    if (raw.body === undefined) {
      if (op.bodyRequired && op.bodyKind === 'json') details.push({ path: 'body', message: 'is required' });
    } else if (body) {
      const problems = body(raw.body);
      details.push(...problems.details);
      complete = problems.complete;
    }
    if (details.length > 0) {
      throw validationError(details, complete ? undefined : `the body holds more than ${FULL_REPORT_MAX_VALUES} values: checking stopped at its first problem`);
    }
    return {
      params: params as Record<string, string>,
      query: queryOut,
      headers: headers as Record<string, string>,
      body: raw.body,
    };
  };
}

function matchResponse(responses: ResponseSpec[], status: number): ResponseSpec | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return (
    responses.find((r) => r.status === exact) ??
    responses.find((r) => r.status.toUpperCase() === range) ??
    responses.find((r) => r.status === 'default')
  );
}

function compileResponseValidator(strict: Ajv2020, op: OperationSpec, errorSchema: ValidateFunction | null): ResponseValidator {
  // Compiled on first use of each status (once), so that starting a test server stays fast.
  const byStatus = new Map<string, ValidateFunction | null>();
  const validatorFor = (r: ResponseSpec): ValidateFunction | null => {
    if (!byStatus.has(r.status)) byStatus.set(r.status, r.schemaPointer ? strict.compile(ref(r.schemaPointer)) : null);
    return byStatus.get(r.status)!;
  };
  return (status, body) => {
    const spec = matchResponse(op.responses, status);
    if (!spec) {
      const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
      if (status >= 400 && errorSchema && typeof code === 'string' && PLATFORM_ERROR_CODES.has(code)) {
        return errorSchema(body) ? [] : toDetails('response', errorSchema.errors);
      }
      return [{ path: 'response', message: `status ${status} is not documented for ${op.operationId}` }];
    }
    const validate = validatorFor(spec);
    if (!validate) {
      return body === undefined || body === null ? [] : [{ path: 'response', message: `status ${status} of ${op.operationId} is documented without a JSON body` }];
    }
    return validate(body) ? [] : toDetails('response', validate.errors);
  };
}

/**
 * Compiles, once, the validators of every operation against the OpenAPI document (added to Ajv as one schema;
 * operation schemas are `$ref`s into it). Parameters are coerced to their schema types and get their defaults;
 * bodies are validated as sent (no coercion, no defaults, so a partial update stays partial). In both, a UUID is
 * lower-cased in place and a `date-time` must be an instant the server can store (contract-formats.ts, R2.13, R2.21).
 * A refused request's details name every bad field, except in a body of more than {@link FULL_REPORT_MAX_VALUES}
 * values (only its first problem) and beyond {@link MAX_ERROR_DETAILS} details (R2.4). With `validateResponses`,
 * response validators are compiled too (the contract guard for tests).
 */
export function compileValidators(
  document: OpenApiDocument,
  operations: OperationSpec[],
  options: { validateResponses: boolean },
): CompiledValidators {
  // Compiled validators are pure functions of the document: apps built from the same document share them.
  const cacheKey = options.validateResponses ? 'with-responses' : 'requests';
  let perDocument = compiledCache.get(document);
  if (!perDocument) compiledCache.set(document, (perDocument = new Map()));
  const cached = perDocument.get(cacheKey);
  if (cached && cached.operations === operations.length) return cached.validators;
  const validators = compileAll(document, operations, options);
  perDocument.set(cacheKey, { operations: operations.length, validators });
  return validators;
}

/** Validators of every operation by operationId, and the validator of generic error responses (unrouted requests). */
export interface CompiledValidators {
  byOperation: Map<string, OperationValidators>;
  errorResponse: ResponseValidator | undefined;
}

const compiledCache = new WeakMap<OpenApiDocument, Map<string, { operations: number; validators: CompiledValidators }>>();

function compileAll(document: OpenApiDocument, operations: OperationSpec[], options: { validateResponses: boolean }): CompiledValidators {
  const requestDocument = withLowercaseUuids(document);
  // Parameters are few and short (the request line and headers are bounded): every problem is listed.
  const coercing = newAjv(requestDocument, { coerce: true, forRequests: true, allErrors: true });
  const bodies: BodyAjvs = {
    firstError: newAjv(requestDocument, { coerce: false, forRequests: true, allErrors: false }),
    allErrors: newAjv(requestDocument, { coerce: false, forRequests: true, allErrors: true }),
  };
  const responses = options.validateResponses ? newAjv(document, { coerce: false, forRequests: false, allErrors: true }) : null;
  const hasErrorSchema = Boolean(document.components?.schemas && 'Error' in document.components.schemas);
  const errorSchema = responses && hasErrorSchema ? responses.compile(ref('#/components/schemas/Error')) : null;
  const byOperation = new Map<string, OperationValidators>();
  for (const op of operations) {
    byOperation.set(op.operationId, {
      request: compileRequestValidator(coercing, bodies, requestDocument, op),
      response: responses ? compileResponseValidator(responses, op, errorSchema) : undefined,
    });
  }
  const errorResponse: ResponseValidator | undefined = errorSchema
    ? (status, body) => (status >= 400 && errorSchema(body) ? [] : toDetails('response', errorSchema.errors ?? [{ instancePath: '', message: `unexpected status ${status}` } as ErrorObject]))
    : undefined;
  return { byOperation, errorResponse };
}
