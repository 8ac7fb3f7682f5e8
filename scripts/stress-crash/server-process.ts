import type { ChildProcess } from 'node:child_process';
import { exitOf, spawnServer, stopServer } from '../../testing/spawn-server.ts';

/**
 * api/server.ts in its own process, started again and again on the same data
 * and the same port, so clients find it after each restart.
 */
export function createServerProcess(env: Record<string, string>, port: number) {
  let child: ChildProcess | undefined;
  let output = () => '';
  const startMs: number[] = [];

  return {
    base: `http://127.0.0.1:${port}`,
    startMs,
    /** Starts and waits for /api/health; throws with the server's output when it exits or never answers. */
    async start() {
      const started = Date.now();
      const server = await spawnServer(env, { port, timeoutMs: 120_000 });
      child = server.child;
      output = server.output;
      startMs.push(Date.now() - started);
    },
    /** SIGKILL: no shutdown handler runs, the database is left as the kill found it. */
    async kill() {
      if (!child) return;
      const exited = exitOf(child);
      child.kill('SIGKILL');
      await exited;
      child = undefined;
    },
    /** SIGTERM: the server closes its database cleanly. */
    async stop() {
      if (!child) return;
      await stopServer(child);
      child = undefined;
    },
    output: () => output(),
  };
}

export type ServerProcess = ReturnType<typeof createServerProcess>;
