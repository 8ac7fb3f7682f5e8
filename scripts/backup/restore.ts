// npm run restore -- FILE: an archive made by `npm run backup` into the empty database DATABASE_URL
// names, on this cluster or a new one, ready for the server:
//  1. pg_restore, in one transaction, into a database that must hold no tables yet;
//  2. the transaction ids stored with the events belong to the cluster the archive came from, and
//     the subscribers order events by them (docs/decisions/001): every one becomes 0, so the
//     restored log reads in its global order and every event written here comes after it;
//  3. migrations this code has and the archive had not;
//  4. every read model rebuilt from the restored events.
import { parseArgs } from 'node:util';
import { migrate } from '../../api/db/migrate.ts';
import { createPostgresDatabase } from '../../api/db/postgres-database.ts';
import { MIGRATIONS_DIR } from '../../api/runtime.ts';
import { readModels } from '../../events/read-models.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { postgresUrl, runPgTool } from './pg-tools.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
try {
  if (!file || positionals.length > 1)
    throw new Error('Usage: npm run restore -- FILE   (DATABASE_URL names an empty database)');
  const url = postgresUrl(process.env);
  const db = createPostgresDatabase({ url, maxConnections: 2 });
  try {
    const [tables] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    if (tables!.n > 0) throw new Error(`The database already holds ${tables!.n} tables: restore into an empty one.`);
    const started = performance.now();
    await runPgTool('pg_restore', url, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      file,
    ]);
    await db.transaction(async (tx) => {
      await tx.query(`update events set transaction_id = '0'`);
      await tx.query(`update streams set last_transaction_id = '0'`);
      await tx.query(`update subscription_checkpoints set transaction_id = '0'`);
    });
    const applied = await migrate(db, MIGRATIONS_DIR);
    const { events } = await createProjectionSet(readModels).rebuild(db);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `restored ${events} events from ${file}${applied.length > 0 ? `, applied ${applied.join(', ')}` : ''}, rebuilt ${readModels.length} read models, in ${seconds.toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
