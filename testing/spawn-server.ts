import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port.ts';

export type SpawnedServer = { child: ChildProcess; port: number; base: string; output: () => string };

/**
 * `api/server.ts` in its own process, as `npm start` runs it (from the source, through tsx: a test
 * needs no build; the browser suite runs the built dist/api/server.js): the environment
 * is only what the test gives (plus PATH and HOME), so nothing of the test
 * runner's (NODE_ENV=test, DATABASE_URL) leaks in. Resolves once health answers.
 */
export async function spawnServer(
  env: Record<string, string>,
  {
    timeoutMs = 60_000,
    port: wanted,
    keepStdout = true,
  }: { timeoutMs?: number; port?: number; keepStdout?: boolean } = {},
): Promise<SpawnedServer> {
  // A restart on the same data may ask for the same port, so clients find it again.
  const port = wanted ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port), ...env },
    // A benchmark's access log (thousands of lines a second) is dropped rather than held here.
    stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
    const res = await fetch(`${base}/api/health`).catch(() => undefined);
    if (res?.ok) return { child, port, base, output: () => output };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within ${timeoutMs} ms: ${output}`);
}

/** Resolves with the exit code once the process ends. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = exitOf(child);
  child.kill('SIGTERM');
  await exited;
}

/** The process's resident memory in bytes (Linux). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
