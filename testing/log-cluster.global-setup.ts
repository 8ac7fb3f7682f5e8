import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPrivateCluster } from './private-cluster.ts';
import { testPostgresUrl } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the `log` project's tests make their databases on. */
    logPostgresUrl: string;
  }
}

/**
 * The `log` project's tests depend on the cluster-wide transaction horizon: any
 * open transaction anywhere on their server holds back what a subscriber may
 * read. So they get a PostgreSQL cluster of their own, started here and thrown
 * away afterwards, and run one file at a time (vitest.config.ts).
 */
export default async function setup(project: TestProject) {
  const bin = findPostgresBin();
  if (!bin) {
    const url = testPostgresUrl();
    console.warn(
      `[log tests] no initdb/pg_ctl found (set PG_BIN): running on ${url}, where other clients can hold the horizon back`,
    );
    project.provide('logPostgresUrl', url);
    return;
  }
  const cluster = await startPrivateCluster(bin);
  // Stop it even if this process ends without running the teardown.
  const onExit = () => cluster.stopNow();
  process.once('exit', onExit);
  project.provide('logPostgresUrl', cluster.url);
  return async () => {
    process.off('exit', onExit);
    await cluster.stop();
  };
}
