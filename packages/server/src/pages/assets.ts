import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Where the page script is built to by `npm run build` (scripts/build-page-assets.mjs), next to the server's bundle. */
const BUILT_SCRIPT = new URL('./assets/live.js', import.meta.url);
/** The page script's source, for running from source (tests, tsx) where no build exists. */
const SCRIPT_SOURCE = fileURLToPath(new URL('./client/live.ts', import.meta.url));

let script: Promise<string> | undefined;

/**
 * The page script (R28.5, R28.7), minified: the built file, else (running from source) built once in memory with
 * esbuild, which the build toolchain (tsup) installs. Served from this server only: no CDN.
 */
export function pageScript(): Promise<string> {
  return (script ??= readFile(BUILT_SCRIPT, 'utf8').catch(async () => {
    const esbuild = await import('esbuild');
    const out = await esbuild.build({ entryPoints: [SCRIPT_SOURCE], bundle: true, minify: true, format: 'iife', target: 'es2020', write: false });
    return out.outputFiles[0]!.text;
  }));
}

let reference: Promise<Buffer> | undefined;

/** The API reference renderer (Scalar's standalone bundle from npm, R28.9), read once from node_modules. */
export function referenceScript(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  return (reference ??= readFile(require.resolve('@scalar/api-reference/browser/standalone.js')));
}
