// `npm run bench:http`: throughput of GET /api/v1/tournaments/{id} (public read of a published tournament) on the full
// Tourney stack against a bare Koa + better-sqlite3 handler measured in the same run, as a ratio (target: >= 0.7).
// Each server runs in its own process; autocannon drives it from this one over loopback, bounded in time.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 16);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

interface Started {
  child: ChildProcess;
  port: number;
  id: string;
}

function start(args: string[]): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const port = /PORT (\d+)/.exec(out)?.[1];
      const id = /ID (\S+)/.exec(out)?.[1];
      if (port && id) resolve({ child, port: Number(port), id });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready:\n${out}`)));
  });
}

async function measure(name: string, args: string[]): Promise<number> {
  const server = await start(args);
  try {
    const url = `http://127.0.0.1:${server.port}/api/v1/tournaments/${server.id}`;
    const check = await fetch(url);
    if (check.status !== 200) throw new Error(`${name}: GET answered ${check.status}`);
    await autocannon({ url, connections, duration: 2 }); // warm-up
    const result = await autocannon({ url, connections, duration: seconds });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const rps = result.requests.average;
    console.log(`${name.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms`);
    return rps;
  } finally {
    server.child.kill('SIGTERM');
  }
}

console.log(`GET /api/v1/tournaments/{id}, ${connections} connections, ${seconds} s each (after a 2 s warm-up)`);
const bare = await measure('bare Koa + better-sqlite3', [here('./bare-server.mjs')]);
const full = await measure('Tourney server (full stack)', ['--import', 'tsx', here('./full-server.ts')]);
console.log(`ratio full/bare: ${(full / bare).toFixed(2)} (target >= 0.70)`);
