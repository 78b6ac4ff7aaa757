/**
 * `node --import ./test/helpers/record-loads.mjs program.js`: appends the URL of every module the program loads, one
 * per line, to the file named by RECORD_LOADS_FILE: ES modules as the loader loads them (a load hook, run on the
 * loader's thread) and CommonJS modules as `require.cache` holds them at exit (R20.16 start-up check).
 */
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const file = process.env.RECORD_LOADS_FILE;
if (!file) throw new Error('record-loads.mjs: set RECORD_LOADS_FILE');
register(new URL('./record-loads-hook.mjs', import.meta.url), { data: { file } });
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  const urls = Object.keys(cache).map((path) => pathToFileURL(path).href);
  if (urls.length > 0) appendFileSync(file, `${urls.join('\n')}\n`);
});
