// npm run cluster -- [--instances 2] [--port 8080]: several API servers on the PostgreSQL named by
// DATABASE_URL, sharing one files folder, behind HAProxy on --port (Debian: apt-get install
// haproxy). Each runs from the source, as the tests run it. Ctrl-C stops them all, each
// finishing its requests and writing its page views (SIGTERM).
import { parseArgs } from 'node:util';
import { startCluster } from './cluster.ts';

const { values } = parseArgs({
  options: { instances: { type: 'string', default: '2' }, port: { type: 'string', default: '8080' } },
});
const instances = Number(values.instances);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database: several instances cannot share the embedded one.');
  process.exit(1);
}
if (!Number.isInteger(instances) || instances < 2 || instances > 16) {
  console.error('--instances must be a whole number from 2 to 16');
  process.exit(1);
}
const cluster = await startCluster({
  instances,
  databaseUrl,
  port,
  env: { NODE_ENV: 'production', PUBLIC_ORIGIN: `http://localhost:${port}` },
});
console.log(
  `${instances} instances (${cluster.instances.map((s) => s.base).join(', ')}) behind HAProxy at ${cluster.base}`,
);
const stop = () => void cluster.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
