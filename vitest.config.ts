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
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
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
