/** Module hooks of record-loads.mjs: appends each loaded module's URL to the file given at registration. */
import { appendFileSync } from 'node:fs';

let file;

/** Receives `{ file }` from register(). */
export function initialize(data) {
  file = data.file;
}

/** Records the URL, then loads as usual. */
export async function load(url, context, nextLoad) {
  appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
