import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base } from 'vitest';
import { tempDir } from './cli-harness';

/** A saved profile as config.json keeps it. */
export interface SavedProfile {
  baseUrl: string;
  accessToken?: string;
  refreshToken?: string;
  username?: string;
}

/** The fixtures of {@link test}. */
export interface CliFixtures {
  /** Written as the `default` profile of each test's config directory; null (the default) writes no config. */
  profile: SavedProfile | null;
  /** A fresh config directory for each test (removed after it), holding `profile` when one is set. */
  dir: { path: string };
}

/**
 * `test` (alias `it`) with a config directory per test: `it('...', async ({ dir }) => runCli(argv, { configDir:
 * dir.path }))`. A file whose commands run signed in sets `test.scoped({ profile: { baseUrl, accessToken, ... } })`.
 */
export const test = base.extend<CliFixtures>({
  profile: null,
  dir: async ({ profile }, use) => {
    const dir = await tempDir();
    try {
      if (profile) {
        await writeFile(join(dir.path, 'config.json'), JSON.stringify({ profiles: { default: profile } }), { mode: 0o600 });
      }
      await use({ path: dir.path });
    } finally {
      await dir.cleanup();
    }
  },
});

/** The same as {@link test}. */
export const it = test;
