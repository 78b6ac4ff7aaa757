import http from 'node:http';
import Koa from 'koa';
import Database from 'better-sqlite3';
import { startServer } from './dist/index.js';
const kind = process.argv[2];
if (kind === 'bare') {
  const db = new Database(':memory:'); const stmt = db.prepare('select 1 as ok');
  const app = new Koa(); app.use((ctx) => { ctx.body = { success: true, data: stmt.get() }; });
  const s = http.createServer(app.callback()).listen(0, '127.0.0.1', () => process.send({ port: s.address().port }));
} else {
  const s = await startServer({ databasePath: ':memory:', port: 0, logLevel: kind === 'info' ? 'info' : 'silent', rateLimit: { points: 1e9 } });
  process.send({ port: s.port, url: s.url });
  process.on('SIGINT', () => process.exit(0));
}
