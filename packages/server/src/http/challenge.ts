/** Which credentials an operation accepts: a user access token (Bearer), an API key (X-API-Key). */
export interface AcceptedSchemes {
  bearer: boolean;
  apiKey: boolean;
}

const REALM = 'tourney';

/**
 * The `WWW-Authenticate` value of a 401 answer (RFC 9110 15.5.2, R2.18): one challenge per accepted credential,
 * `Bearer realm="tourney"` (RFC 6750; with `error="invalid_token"` and the token that expired, access or refresh,
 * when `expired` says one did) and
 * `ApiKey realm="tourney", header="X-API-Key"`. Unknown (before routing): both. Neither (login, register, refresh,
 * whose credentials are a password or a refresh token): Bearer, the token they hand out.
 */
export function authChallenge(schemes: AcceptedSchemes | undefined, options: { expired?: 'access' | 'refresh' } = {}): string {
  const { bearer, apiKey } = schemes ?? { bearer: true, apiKey: true };
  const challenges: string[] = [];
  const expired = options.expired === undefined ? '' : `, error="invalid_token", error_description="the ${options.expired} token expired"`;
  if (bearer || !apiKey) challenges.push(`Bearer realm="${REALM}"${expired}`);
  if (apiKey) challenges.push(`ApiKey realm="${REALM}", header="X-API-Key"`);
  return challenges.join(', ');
}
