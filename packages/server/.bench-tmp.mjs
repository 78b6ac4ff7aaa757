import http from 'node:http';
import { fork } from 'node:child_process';
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
    req.on('error', reject); req.end();
  });
}
async function load(port, path, headers, ms = 4000, conc = 16) {
  let n = 0; const end = Date.now() + ms; const statuses = {};
  await Promise.all(Array.from({ length: conc }, async () => { while (Date.now() < end) { const s = await get(port, path, headers); statuses[s] = (statuses[s] ?? 0) + 1; n++; } }));
  return { rps: Math.round(n / (ms / 1000)), statuses: JSON.stringify(statuses) };
}
async function run(kind, path, setup) {
  const child = fork('./.bench-server-tmp.mjs', [kind], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const { port, url } = await new Promise((r) => child.once('message', r));
  const headers = setup ? await setup(url) : {};
  await load(port, path, headers, 1500);
  const res = await load(port, path, headers);
  child.kill('SIGTERM');
  console.log(kind.padEnd(8), path.padEnd(20), res);
}
const bearer = async (url) => {
  const reg = await fetch(`${url}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'benchy', email: 'b@b.co', password: '12345678' }) }).then((r) => r.json());
  return { authorization: `Bearer ${reg.data.accessToken}` };
};
for (let round = 0; round < 2; round++) {
  await run('bare', '/');
  await run('silent', '/api/v1/health');
  await run('info', '/api/v1/health');
  await run('silent', '/api/v1/users/me', bearer);
}
agent.destroy();
