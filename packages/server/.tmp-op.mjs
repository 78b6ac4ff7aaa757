import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
const doc = parse(readFileSync('/work/main/openapi.yaml','utf8'));
const want = new Set(process.argv.slice(2));
for (const [p, item] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(item)) {
  if (!op?.operationId || !want.has(op.operationId)) continue;
  const o = { ...op, responses: Object.fromEntries(Object.entries(op.responses).map(([k, v]) => [k, v.$ref ?? v.content?.['application/json']?.schema ?? v.description])) };
  delete o.description;
  console.log('=====', m.toUpperCase(), p, (op.description ?? '').slice(0, 600)); console.log(stringify({ parameters: item.parameters, ...o }));
}
