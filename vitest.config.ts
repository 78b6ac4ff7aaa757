import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@tourney/core': src('core'),
      '@tourney/sdk': src('sdk'),
      '@tourney/server': src('server'),
      '@tourney/cli': src('cli'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous limits: a limit only matters when a test hangs, and two test files run at once on a 2-core machine
    // (maxWorkers below) can each take twice their quiet time.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // Two files at once: most test time waits on HTTP, the database or a child process, so two workers use a 2-core
    // machine better than vitest's default of cores - 1 (one). Tests share no state across files (each its own
    // database, port, temp directory and Redis key prefix).
    maxWorkers: 2,
    minWorkers: 1,
    // Test files share their worker's process (no fresh module graph per file): importing the server and compiling
    // the contract's validators once per worker instead of once per file halves the run. Files must leave no global
    // state behind (fake timers restored, env stubs undone, servers closed); the option fixtures a file scopes are
    // reset before the next file by the setup file below.
    isolate: false,
    setupFiles: ['packages/server/test/helpers/reset-scoped-fixtures.ts'],
    // On a PostgreSQL run (TOURNEY_TEST_DATABASE=postgres) creates the migrated template every test database copies.
    globalSetup: ['packages/server/test/helpers/postgres-global-setup.ts'],
    // Type tests (*.test-d.ts) are type-checked by tsc against the root tsconfig, never executed; a failing
    // expectTypeOf or an unused @ts-expect-error fails the run.
    typecheck: {
      enabled: true,
      include: ['packages/*/test/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: 'tsconfig.json',
    },
  },
});
