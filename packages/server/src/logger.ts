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

/** A destination of createLogger (sonic-boom). */
type Destination = ReturnType<typeof pino.destination>;

/** The destinations createLogger made, to be ended by endLogger. */
const ownDestinations = new WeakSet<Destination>();
/** Those that write nothing any more: failed (a broken pipe) or ended. */
const silenced = new WeakSet<Destination>();

/**
 * Makes `destination` drop every line from now on, the flush at exit included. After a write error such as EPIPE
 * (the reader of the pipe went away: `npm start | cat` stopped by Ctrl+C, a log shipper that died) sonic-boom's
 * synchronous flush at exit would retry the write forever, blocking the process, its forced-exit timer included.
 */
function silence(destination: Destination): void {
  silenced.add(destination);
  destination.write = () => true;
  destination.flushSync = () => {};
  destination.end = () => {};
}

/**
 * The server's pino logger (JSON lines on stdout) at `level` ('silent' in tests), with credentials and secrets
 * (authorization, x-api-key, password, refreshToken, accessToken, key, secret, token) redacted. Lines are written
 * asynchronously (coalesced under load instead of one write per line); pino flushes them on exit, and endLogger
 * before it. `dest` is a file descriptor or a file path (default 1, stdout; the HTTP benchmark writes to /dev/null).
 * When writing fails (EPIPE: nobody reads the pipe any more) the logger drops its lines instead of failing or
 * blocking the server.
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  const destination = pino.destination({ dest, sync: false });
  ownDestinations.add(destination);
  destination.on('error', () => silence(destination));
  // Ended (endLogger): a line logged afterwards, e.g. by a request cut at shutdown, is dropped rather than thrown
  // ("SonicBoom destroyed") where it is logged.
  const write = destination.write.bind(destination);
  const destroyed = destination as unknown as { destroyed?: boolean }; // sonic-boom's flag, set once it has ended
  destination.write = (data: string) => (destroyed.destroyed === true ? true : write(data));
  destination.once('close', () => silence(destination));
  return pino({ level, base: { service: 'tourney-server' }, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
}

/**
 * Writes out the lines `logger` (from createLogger, or a child of it) still holds and ends its destination; resolves
 * once they are written, or at once when the destination failed (EPIPE) or was ended already; resolves at once for
 * another logger. Await it before `process.exit`: a write still in flight at exit would be retried by the exit flush,
 * forever if it fails; awaited, its failure is seen first and the exit flush has nothing to do. The logger drops what
 * is logged afterwards.
 */
export function endLogger(logger: Logger): Promise<void> {
  const destination = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as Destination | undefined;
  if (destination === undefined || !ownDestinations.has(destination) || silenced.has(destination)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    destination.once('close', () => resolve());
    destination.once('error', () => resolve());
    destination.end();
  });
}

export type { Logger };
