import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import { nodeProgramBuild } from '../../tsup.library';

const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";

/**
 * commander requires node:child_process when it loads, only to spawn executable subcommands (`tourney` has none): in
 * the bundled commander that require is made lazy, on the first spawn, which keeps node:child_process (and the
 * modules it pulls in) out of every start. Fails the build when commander's line changes rather than going stale.
 */
const lazyChildProcessInCommander: Plugin = {
  name: 'lazy-child-process-in-commander',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(COMMANDER_CHILD_PROCESS)) throw new Error(`${args.path}: no "${COMMANDER_CHILD_PROCESS}" to make lazy`);
      const lazy = "let loadedChildProcess; const childProcess = { spawn: (...args) => (loadedChildProcess ??= require('node:child_process')).spawn(...args) };";
      return { contents: source.replace(COMMANDER_CHILD_PROCESS, lazy), loader: 'js' };
    });
  },
};

/**
 * The CLI's build (see nodeProgramBuild): ES modules split into chunks, so that what commands load with import() in
 * their actions (the bracket renderer, the demo, ...) stays out of the start. commander and picocolors are bundled:
 * loading them as CommonJS from an ES module cost about 8 ms of every start (`npm run bench:cli`); the banner gives
 * the bundled CommonJS code a `require` for Node's own modules.
 */
export default defineConfig({
  ...nodeProgramBuild('src/bin.ts'),
  splitting: true,
  noExternal: ['commander', 'picocolors'],
  esbuildPlugins: [lazyChildProcessInCommander],
  banner: { js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);" },
});
