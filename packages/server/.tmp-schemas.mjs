import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
const doc = parse(readFileSync('/work/main/openapi.yaml','utf8'));
const names = process.argv.slice(2);
for (const n of names) {
  const [kind, name] = n.split('/');
  console.log('---', n); console.log(stringify(doc.components[kind][name]));
}
