import { parseArgs } from 'node:util';
import type { DatabaseKind } from './target.ts';

export type Options = {
  databases: DatabaseKind[];
  kills: number;
  clients: number;
  intervalMs: readonly [number, number];
  keep: boolean;
};

export const USAGE = `npm run stress:crash -- [--db pglite|postgres|both] [--kills 20] [--clients 8] [--interval-ms 1000-4000] [--keep]

  --db           which database to run on, one after the other with both (default both)
  --kills        how many times the server is killed with SIGKILL and started again (default 20)
  --clients      how many owners, and as many renters, work at once besides the admin (default 8)
  --interval-ms  each kill comes at a moment drawn uniformly from this range after the
                 server answered health (MIN-MAX, or one number for a fixed delay; default 1000-4000)
  --keep         keep the data (temp DATA_DIR, PostgreSQL database) even when every check passes`;

const whole = (name: string, text: string, min: number) => {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
  return Number(text);
};

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'both' },
      kills: { type: 'string', default: '20' },
      clients: { type: 'string', default: '8' },
      'interval-ms': { type: 'string', default: '1000-4000' },
      keep: { type: 'boolean', default: false },
    },
  });
  const databases: Record<string, DatabaseKind[]> = {
    both: ['pglite', 'postgres'],
    pglite: ['pglite'],
    postgres: ['postgres'],
  };
  const chosen = databases[values.db];
  if (!chosen) throw new Error('--db must be pglite, postgres or both');
  const parts = values['interval-ms'].split('-').map((part) => whole('interval-ms', part, 1));
  const [min, max] = [parts[0]!, parts[1] ?? parts[0]!];
  if (parts.length > 2 || max < min) throw new Error('--interval-ms must be MIN-MAX with MIN at most MAX');
  return {
    databases: chosen,
    kills: whole('kills', values.kills, 0),
    clients: whole('clients', values.clients, 1),
    intervalMs: [min, max],
    keep: values.keep,
  };
}
