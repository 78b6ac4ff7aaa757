import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, test as base, beforeEach } from 'vitest';
import { tempDir } from './cli-harness';

/** A saved profile as config.json keeps it. */
export interface SavedProfile {
  baseUrl: string;
  apiKey?: string;
  accessToken?: string;
  refreshToken?: string;
  username?: string;
}

/** Writes `profile` as the `default` profile of the config directory `path` (mode 0600, as the CLI does). */
async function writeDefaultProfile(path: string, profile: SavedProfile): Promise<void> {
  await writeFile(join(path, 'config.json'), JSON.stringify({ profiles: { default: profile } }), { mode: 0o600 });
}

/**
 * For a file that does not use {@link test}'s fixtures: a fresh config directory for each test holding `profile` as
 * its default profile, removed after the test; `path` is the current test's directory.
 */
export function useConfigDir(profile: SavedProfile): { readonly path: string } {
  let current: { path: string; cleanup: () => Promise<void> } | undefined;
  beforeEach(async () => {
    current = await tempDir();
    await writeDefaultProfile(current.path, profile);
  });
  afterEach(async () => current?.cleanup());
  return {
    get path() {
      if (!current) throw new Error('useConfigDir: no test is running');
      return current.path;
    },
  };
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
      if (profile) await writeDefaultProfile(dir.path, profile);
      await use({ path: dir.path });
    } finally {
      await dir.cleanup();
    }
  },
});

/** The same as {@link test}. */
export const it = test;
