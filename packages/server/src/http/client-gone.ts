/** Error codes of a response cut short because the client closed its connection. */
const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Whether `error` (from Koa's 'error' event) only says that the client went away while its response was being sent,
 * e.g. a live event stream (streamTournamentEvents, R28.1) closed by the browser: no fault of the server, so it is
 * logged at debug level, not as an unhandled error.
 */
export function isClientGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_GONE_CODES.has(code);
}
