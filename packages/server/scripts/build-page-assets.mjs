// Builds the public pages' script (src/pages/client/live.ts) into dist/assets/live.js, minified, with esbuild (the
// bundler under tsup). Run by `npm run build` (the root `prepare`), so `npm install` produces it (R28.5).
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('../src/pages/client/live.ts', import.meta.url).pathname],
  outfile: new URL('../dist/assets/live.js', import.meta.url).pathname,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  logLevel: 'warning',
});
