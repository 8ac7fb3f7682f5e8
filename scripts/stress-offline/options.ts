import { parseArgs } from 'node:util';

export type Options = { minutes: number; seed: number; keep: boolean };

export const USAGE = `npm run stress:offline -- [--minutes 5] [--seed N] [--keep]

  --minutes  how long the devices work before everything is brought online and drained (default 5)
  --seed     the random seed: the same seed draws the same actions and chaos (default: from the clock, printed)
  --keep     keep the data (DATA_DIR, browser profiles) even when every check passes`;

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: 'string', default: '5' },
      seed: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const minutes = Number(values.minutes);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error('--minutes must be a number above 0');
  const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a whole number');
  return { minutes, seed, keep: values.keep };
}
