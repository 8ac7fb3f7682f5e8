import { migrate } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { loadConfig } from '../api/env.ts';
import { MIGRATIONS_DIR } from '../api/runtime.ts';

const config = loadConfig(process.env);
const db = await openDatabase(config);
try {
  const applied = await migrate(db, MIGRATIONS_DIR);
  console.log(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
