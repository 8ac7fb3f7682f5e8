// The floor for bench:search: Hono on @hono/node-server with one JSON route,
// no middleware, no database. Whatever /api does costs on top of this.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.json({ ok: true, properties: [], total: 0 }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, (info) =>
  console.log(`listening on ${info.port}`),
);
