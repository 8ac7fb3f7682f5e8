import { migrate } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { loadConfig } from '../api/env.ts';
import { MIGRATIONS_DIR } from '../api/runtime.ts';
import { readModels } from '../events/read-models.ts';
import { createProjectionSet } from '../events/store/projections.ts';

const config = loadConfig(process.env);
const db = await openDatabase(config);
try {
  await migrate(db, MIGRATIONS_DIR);
  const started = performance.now();
  const { events } = await createProjectionSet(readModels).rebuild(db);
  const seconds = (performance.now() - started) / 1000;
  console.log(`rebuilt ${readModels.length} read models from ${events} events in ${seconds.toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
