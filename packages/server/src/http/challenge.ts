/** Which credentials an operation accepts: a user access token (Bearer), an API key (X-API-Key). */
export interface AcceptedSchemes {
  bearer: boolean;
  apiKey: boolean;
}

const REALM = 'tourney';

/**
 * The `WWW-Authenticate` value of a 401 answer (RFC 9110 15.5.2, R2.18): one challenge per accepted credential,
 * `Bearer realm="tourney"` (RFC 6750; with `error="invalid_token"` when `expired`) and
 * `ApiKey realm="tourney", header="X-API-Key"`. Unknown (before routing): both. Neither (login, register, refresh,
 * whose credentials are a password or a refresh token): Bearer, the token they hand out.
 */
export function authChallenge(schemes: AcceptedSchemes | undefined, options: { expired?: boolean } = {}): string {
  const { bearer, apiKey } = schemes ?? { bearer: true, apiKey: true };
  const challenges: string[] = [];
  if (bearer || !apiKey) challenges.push(`Bearer realm="${REALM}"${options.expired ? ', error="invalid_token", error_description="the access token expired"' : ''}`);
  if (apiKey) challenges.push(`ApiKey realm="${REALM}", header="X-API-Key"`);
  return challenges.join(', ');
}
