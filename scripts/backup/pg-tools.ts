import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs pg_dump or pg_restore (from PG_BIN when set, else the PATH: Debian's postgresql-client)
 * against a PostgreSQL URL. The password travels in PGPASSWORD, never on the command line
 * where `ps` shows it. Rejects with the tool's own words when it fails.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const command = process.env.PG_BIN ? join(process.env.PG_BIN, tool) : tool;
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${target}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`${tool} could not be run (${error.message}): install postgresql-client or set PG_BIN`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}): ${said.trim()}`)),
    );
  });
}

/** The PostgreSQL URL to work on, or a plain refusal: PGlite's data is a folder, copied while the server is stopped. */
export function postgresUrl(env: NodeJS.ProcessEnv): string {
  const url = env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new Error(
      'Set DATABASE_URL to the PostgreSQL database (postgres://...). The embedded database (PGlite) is the folder DATA_DIR/pg: stop the server and copy it.',
    );
  return url;
}
