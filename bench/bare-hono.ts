// The floor for bench:search and bench:server: Hono on @hono/node-server, no middleware, no
// database. One JSON route (bench:search) and a JSON 404 for every other path (bench:server).
// Whatever Efie does costs on top of this.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono()
  .get('/', (c) => c.json({ ok: true, properties: [], total: 0 }))
  .notFound((c) => c.json({ error: { code: 'not_found', message: 'No such route.' } }, 404));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, (info) =>
  console.log(`listening on ${info.port}`),
);
