const NO_ANSWER = 'no answer (connection timed out)';

/**
 * The messages of the drivers' own connection timeouts, which carry no error code: node-postgres's pool and client,
 * ioredis's command timeout (the PING at start). Matched whole, so that no other message mentioning a timeout (a
 * PostgreSQL error about `statement_timeout`) is taken for one.
 */
const DRIVER_TIMEOUTS: ReadonlySet<string> = new Set([
  'Connection terminated due to connection timeout',
  'timeout expired',
  'timeout exceeded when trying to connect',
  'Command timed out',
]);

/**
 * Why a connection failed, in words, by Node.js network error code; `service` names what was reached (PostgreSQL,
 * Redis) in the hint of a refused connection.
 */
function networkReason(code: string, service: string): string | null {
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused (is ${service} running and listening on that host and port?)`;
    case 'ENOTFOUND':
      return 'host not found';
    case 'EAI_AGAIN':
      return 'host name lookup failed';
    case 'ETIMEDOUT':
      return NO_ANSWER;
    case 'EHOSTUNREACH':
      return 'host unreachable';
    case 'ENETUNREACH':
      return 'network unreachable';
    case 'ECONNRESET':
      return 'connection reset by the server';
    default:
      return null;
  }
}

/**
 * Why the first connection to `service` (e.g. `PostgreSQL`, `Redis`) failed with `error`, in words fit for a one-line
 * start message (R18.11, R21.5): a Node.js network error code in words (`connection refused (is Redis running and
 * listening on that host and port?)`, `host not found`, ...), else the words `serverReasons` gives for the error's
 * code followed by its message (`credentials refused: password authentication failed for user "app"`), else `no
 * answer (connection timed out)` for a driver's own connection timeout (an error without code whose message is one of
 * {@link DRIVER_TIMEOUTS}), else the error's message (or `unknown error`): a server error that merely mentions a
 * timeout (`invalid value for parameter "statement_timeout"`) is shown as it is. Node.js reports a refused connection
 * to a host with several addresses (localhost) as an AggregateError with no message: its first error's code says why.
 */
export function connectionFailureReason(error: unknown, service: string, serverReasons: Readonly<Record<string, string>> = {}): string {
  const e = (error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error) as
    | { code?: unknown; message?: unknown }
    | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const network = networkReason(code, service);
  if (network !== null) return network;
  if (Object.hasOwn(serverReasons, code)) return `${serverReasons[code]}: ${message}`;
  if (code === '' && DRIVER_TIMEOUTS.has(message)) return NO_ANSWER;
  return message || 'unknown error';
}
