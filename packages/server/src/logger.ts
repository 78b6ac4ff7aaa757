import pino, { type Logger } from 'pino';

/** Field names whose values never reach a log line (credentials and secrets). */
const SECRET_FIELDS = ['authorization', 'x-api-key', 'password', 'refreshToken', 'accessToken', 'key', 'secret', 'token'];

const accessor = (field: string): string => (/^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `["${field}"]`);

/** pino redaction paths: each secret field at the top level and up to three levels deep. */
export const REDACT_PATHS: string[] = SECRET_FIELDS.flatMap((f) => {
  const a = accessor(f);
  return [a.startsWith('.') ? f : a, `*${a}`, `*.*${a}`, `*.*.*${a}`];
});

/** Prefixes of the secrets the server issues (API keys, access and refresh tokens, webhook secrets, invitations, feeds). */
const SECRET_PREFIXES = ['tk_', 'tat_', 'trt_', 'whsec_', 'tsi_', 'tcf_'];
const SECRET_SEGMENT = new RegExp(`^(?:${SECRET_PREFIXES.join('|')})[A-Za-z0-9_-]{16,}$`);
/** Whether a path may hold such a segment at all (one scan, so that most paths are logged without splitting). */
const MAY_HOLD_SECRET = new RegExp(`/(?:${SECRET_PREFIXES.join('|')})`);

/**
 * A request path fit for a log line: every segment shaped like a secret the server issues (a known prefix and at
 * least 16 base64url characters, e.g. the invitation token of acceptStaffInvitation), and every segment equal to one
 * of `secrets` (values of secret path parameters), replaced by `[redacted]`. The query string is never logged.
 */
export function redactPath(path: string, secrets: readonly string[] = []): string {
  if (secrets.length === 0 && !MAY_HOLD_SECRET.test(path)) return path;
  return path
    .split('/')
    .map((segment) => (segment !== '' && (SECRET_SEGMENT.test(segment) || secrets.includes(segment)) ? '[redacted]' : segment))
    .join('/');
}

/**
 * The server's pino logger (JSON lines on stdout) at `level` ('silent' in tests), with credentials and secrets
 * (authorization, x-api-key, password, refreshToken, accessToken, key, secret, token) redacted. Lines are written
 * asynchronously (coalesced under load instead of one write per line); pino flushes them on exit. `dest` is a file
 * descriptor or a file path (default 1, stdout; the HTTP benchmark writes to /dev/null).
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  return pino(
    { level, base: { service: 'tourney-server' }, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    pino.destination({ dest, sync: false }),
  );
}

export type { Logger };
