import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerProcess } from './server-process.ts';

export type KillerOptions = { kills: number; intervalMs: readonly [number, number]; log: (line: string) => void };

/**
 * SIGKILLs the server at a random moment (uniform in intervalMs after it
 * answered health), starts it again on the same data, N times. A server that
 * does not come back is the run's failure: the error carries its output.
 */
export async function runKiller(
  server: ServerProcess,
  { kills, intervalMs: [min, max], log }: KillerOptions,
): Promise<number> {
  let done = 0;
  while (done < kills) {
    await sleep(min + Math.random() * (max - min));
    await server.kill();
    done++;
    try {
      await server.start();
    } catch (error) {
      throw new Error(
        `the server did not come back after kill ${done}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    log(`kill ${done}/${kills}: back in ${server.startMs.at(-1)} ms`);
  }
  return done;
}
