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
  let n = 0; const end = Date.now() + ms;
  await Promise.all(Array.from({ length: conc }, async () => { while (Date.now() < end) { await get(port, path, headers); n++; } }));
  return Math.round(n / (ms / 1000));
}
const path = process.argv[2] ?? '/api/v1/health';
const child = fork('./.bench-server-tmp.mjs', ['silent'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] });
const { port, url } = await new Promise((r) => child.once('message', r));
let headers = {};
if (path.includes('users/me')) {
  const reg = await fetch(`${url}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'benchy', email: 'b@b.co', password: '12345678' }) }).then((r) => r.json());
  headers = { authorization: `Bearer ${reg.data.accessToken}` };
}
console.log(await load(port, path, headers, 5000));
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
agent.destroy();
