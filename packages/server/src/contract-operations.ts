import type { operations } from './generated/contract';

/**
 * Operation-level types derived from openapi.yaml (src/generated/contract.ts): what an operation receives once the
 * router has validated it. Services name their inputs with these (or with the schema aliases of contract-types.ts),
 * the HTTP layer types its handlers with them; nothing here is written by hand but the list of defaulted query
 * parameters, which a test checks against the document.
 */

/** Every operationId of openapi.yaml. */
export type OperationId = keyof operations;

type ParametersOf<K extends OperationId> = operations[K]['parameters'];

/** `X`, or an object without keys when the contract has none (`never`, `undefined`). */
type OrNone<X> = [NonNullable<X>] extends [never] ? Record<never, never> : NonNullable<X>;

/** Flattens an intersection for readable hovers and errors. */
type Flat<T> = { [P in keyof T]: T[P] };

/**
 * Query parameters whose schema has a `default` in openapi.yaml. The validator applies defaults, so after validation
 * these are always present. Checked in both directions against the document by test/unit/contract-operations.test.ts.
 */
export const DEFAULTED_QUERY_PARAMETERS = [
  'page',
  'limit',
  'sortBy',
  'sortOrder',
  'cumulative',
  'unreadOnly',
  'includeRevoked',
  'unreviewedOnly',
] as const;

type Defaulted = (typeof DEFAULTED_QUERY_PARAMETERS)[number];

/** Path parameters of an operation (validated strings or enums). */
export type OperationParams<K extends OperationId> = OrNone<ParametersOf<K>['path']>;

/** Makes the defaulted keys of a query required (the validator has filled them in). */
type WithDefaults<Q> = Flat<Omit<Q, Defaulted> & Required<Pick<Q, Defaulted & keyof Q>>>;

/** Query of an operation after validation: coerced to the schema types, defaulted parameters always present. */
export type OperationQuery<K extends OperationId> = WithDefaults<OrNone<ParametersOf<K>['query']>>;

/** Documented header parameters of an operation, by lower-cased name (e.g. `idempotency-key`). */
export type OperationHeaders<K extends OperationId> = {
  [H in keyof OrNone<ParametersOf<K>['header']> as Lowercase<H & string>]: OrNone<ParametersOf<K>['header']>[H];
};

type JsonContent<B> = B extends { content: { 'application/json': infer J } } ? J : undefined;

/**
 * The JSON request body of an operation as sent (validated, no defaults applied): `undefined` when the operation
 * takes none or takes a raw (non-JSON) body, `| undefined` when the body is optional.
 */
export type OperationBody<K extends OperationId> = [NonNullable<operations[K]['requestBody']>] extends [never]
  ? undefined
  : undefined extends operations[K]['requestBody']
    ? JsonContent<NonNullable<operations[K]['requestBody']>> | undefined
    : JsonContent<operations[K]['requestBody']>;
