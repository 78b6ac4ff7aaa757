import { defineConfig } from 'tsup';
import { nodeProgramBuild } from '../../tsup.library';

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
  banner: { js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);" },
});
