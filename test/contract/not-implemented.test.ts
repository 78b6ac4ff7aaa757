import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { operationHandlers } from '../../packages/server/src/routes/index';

// README "Status: what answers 501 today" must name exactly the operations the server has no handler for.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const document = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

describe('README list of operations answering 501', () => {
  it('matches the server', () => {
    const section = /<!-- not-implemented:start -->([\s\S]*?)<!-- not-implemented:end -->/.exec(readme)?.[1];
    expect(section, 'README section markers').toBeDefined();
    const listed = new Set([...section!.matchAll(/`([a-zA-Z]+)`/g)].map((m) => m[1]!));
    const operationIds = Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId).filter(Boolean)) as string[];
    const implemented = new Set(Object.keys(operationHandlers));
    const missing = operationIds.filter((id) => !implemented.has(id)).sort();
    expect([...listed].sort()).toEqual(missing);
  });
});
