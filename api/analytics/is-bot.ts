import { isbot } from 'isbot';

/** How many user agents are remembered; past this the memory starts again (it is only a cache). */
export const REMEMBERED_USER_AGENTS = 1_000;

/**
 * isbot's verdict, remembered per user agent: a few browsers' strings make nearly all beacons,
 * and isbot's one long pattern was 2% of track-visitor's CPU (bench/analytics.bench.ts).
 */
export function createBotFilter(test: (userAgent: string) => boolean = isbot, size = REMEMBERED_USER_AGENTS) {
  const known = new Map<string, boolean>();
  return (userAgent: string | undefined): boolean => {
    if (userAgent === undefined || userAgent === '') return false;
    let bot = known.get(userAgent);
    if (bot === undefined) {
      if (known.size >= size) known.clear();
      bot = test(userAgent);
      known.set(userAgent, bot);
    }
    return bot;
  };
}
