import { getCurrentSuite } from 'vitest/suite';
import { FIXTURE_DEFAULTS } from './fixture-defaults';

// Setup file (vitest.config.ts), run before every test file. Test files run in one process per worker
// (isolate: false), and vitest keeps what a file's top-level `test.scoped({...})` set on its default suite for the
// next file of the same process. Setting the defaults again here, before the file is collected, gives every file
// the option fixtures it would get in a fresh process (a file's own scoped() call, made later, still wins).
const suite = getCurrentSuite();
const defaults = {
  serverOptions: [FIXTURE_DEFAULTS.serverOptions, { scope: 'file' }],
  playerCount: [FIXTURE_DEFAULTS.playerCount, { scope: 'file' }],
  cliColumns: [FIXTURE_DEFAULTS.cliColumns, { scope: 'file' }],
};
// Values with their scope, as the fixtures declare them; the collector's parameter type only admits fixture functions.
suite.scoped(defaults as unknown as Parameters<typeof suite.scoped>[0]);
