import { createHash, randomBytes } from 'node:crypto';

/** Prefix of user access tokens (`tat_` + 43 base64url characters). */
export const ACCESS_TOKEN_PREFIX = 'tat_';
/** Prefix of user refresh tokens (`trt_` + 43 base64url characters). */
export const REFRESH_TOKEN_PREFIX = 'trt_';
/** Prefix of project API keys (`tk_` + 43 base64url characters, contract: ApiKeyCreated.key). */
export const API_KEY_PREFIX = 'tk_';

/** Length of the prefix an API key is listed with (contract: ApiKey.prefix, e.g. `tk_abcd1`). */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 8;

const BODY_PATTERN = '[A-Za-z0-9_-]{43}';
const ACCESS_TOKEN_RE = new RegExp(`^${ACCESS_TOKEN_PREFIX}${BODY_PATTERN}$`);
const REFRESH_TOKEN_RE = new RegExp(`^${REFRESH_TOKEN_PREFIX}${BODY_PATTERN}$`);
const API_KEY_RE = new RegExp(`^${API_KEY_PREFIX}${BODY_PATTERN}$`);

/** A new random secret: `prefix` + 32 random bytes in base64url (43 characters). */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a secret: the only form in which tokens and keys are stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** True when `value` has the shape of an access token (checked before any database lookup). */
export const isAccessTokenShape = (value: string): boolean => ACCESS_TOKEN_RE.test(value);
/** True when `value` has the shape of a refresh token. */
export const isRefreshTokenShape = (value: string): boolean => REFRESH_TOKEN_RE.test(value);
/** True when `value` has the shape of an API key. */
export const isApiKeyShape = (value: string): boolean => API_KEY_RE.test(value);
