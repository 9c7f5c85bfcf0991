// The floor of `npm run bench`: a bare Fastify server on the same database as Parlance,
// doing the same work as the signed-in User read (the session cookie's hash looked up with its user,
// one parameterised query) and a hello route, with none of Parlance's plugins. Parlance's figures
// are reported as ratios to these, measured in the same run.
//   DATABASE_URL: PostgreSQL; otherwise PGlite under DATA_DIR/pglite (the server must be stopped)
//   PORT, HOST
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const SQL = `SELECT u.id, u.type, u.name, u.email, u.currency, u.country, u.company
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = $1 AND s.expires_at > now()`;

let query;
let close;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = async (hash) => (await pool.query(SQL, [hash])).rows;
  close = () => pool.end();
} else {
  const db = new PGlite(join(process.env.DATA_DIR, 'pglite'));
  await db.waitReady;
  query = async (hash) => (await db.query(SQL, [hash])).rows;
  close = () => db.close();
}

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/user', async (request, reply) => {
  const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!sid) return reply.code(401).send({ results: null });
  const [user] = await query(createHash('sha256').update(sid).digest('hex'));
  if (!user) return reply.code(401).send({ results: null });
  return { results: user };
});
app.get('/api/2/health', async () => ({ status: 'ok' }));
app.addHook('onClose', () => close());
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
