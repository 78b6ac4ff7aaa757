/**
 * Default values of the file-scoped option fixtures that test files override with `test.scoped(...)`: the server
 * fixtures (fixtures.ts) and the CLI fixtures (test/helpers/cli.ts). Kept in a module without imports so that the
 * per-file setup (reset-scoped-fixtures.ts) can restore them cheaply before every test file.
 */
export const FIXTURE_DEFAULTS = {
  /** startTestServer options of the file's `server` (none beyond the test defaults). */
  serverOptions: {},
  /** Registered users in the `players` fixture. */
  playerCount: 4,
  /** Output width of the `cli` fixture, in columns. */
  cliColumns: 120,
} as const;
