import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

export type PrivateCluster = { url: string; dir: string; stop(): Promise<void>; stopNow(): void };

/**
 * Where initdb and pg_ctl live: PG_BIN, else the newest /usr/lib/postgresql/N/bin
 * (Debian's layout, not on the PATH), else the PATH.
 */
export function findPostgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

/** initdb refuses to run as root: then the cluster belongs to the `postgres` system user. */
function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/**
 * A PostgreSQL cluster of its own in a temporary folder, on a free port of
 * 127.0.0.1, with trust authentication for the user `postgres`. Durability is
 * off (it is thrown away) and so is autovacuum, whose ANALYZE runs would hold
 * the transaction horizon back for a moment at random times.
 */
export async function startPrivateCluster(bin: string): Promise<PrivateCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'efie-pg-'));
  const data = join(dir, 'data');
  const as = owner();
  if (as) chownSync(dir, as.uid, as.gid);
  const options = as ? { uid: as.uid, gid: as.gid } : {};
  try {
    await run(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
      options,
    );
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      const settings = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c autovacuum=off',
        '-c shared_buffers=32MB',
        '-c max_connections=200',
      ].join(' ');
      try {
        await run(
          join(bin, 'pg_ctl'),
          ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'],
          options,
        );
      } catch (error) {
        lastError = error; // most likely the port was taken in between: try another
        continue;
      }
      const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop'];
      let stopped = false;
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        dir,
        async stop() {
          if (stopped) return;
          stopped = true;
          await run(join(bin, 'pg_ctl'), stopArgs, options).catch(() => {});
          rmSync(dir, { recursive: true, force: true });
        },
        stopNow() {
          if (stopped) return;
          stopped = true;
          try {
            execFileSync(join(bin, 'pg_ctl'), stopArgs, { ...options, stdio: 'ignore' });
          } catch {}
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    throw lastError;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
