import * as openapiFetch from 'openapi-fetch';

/** openapi-fetch's `createClient` signature. */
type CreateClient = typeof openapiFetch.default;

const candidate: unknown = openapiFetch.default;

/**
 * openapi-fetch's `createClient`, taken so that it works from both of our builds: openapi-fetch only has a default
 * export, which the CJS build (bundler interop in Node mode) sees as the whole `module.exports` object.
 */
export const createClient: CreateClient =
  typeof candidate === 'function' ? (candidate as CreateClient) : (candidate as { default: CreateClient }).default;
