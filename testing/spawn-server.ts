import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port.ts';

export type SpawnedServer = { child: ChildProcess; port: number; base: string; output: () => string };

/**
 * `api/server.ts` in its own process, from the source through tsx (a test needs no build), or
 * `compiled` as `npm start` runs it (dist/api/server.js, as the browser suite does): the environment
 * is only what the test gives (plus PATH and HOME), so nothing of the test
 * runner's (NODE_ENV=test, DATABASE_URL) leaks in. Resolves once health answers.
 */
export async function spawnServer(
  env: Record<string, string>,
  {
    timeoutMs = 60_000,
    port: wanted,
    keepStdout = true,
    logFile,
    compiled = false,
  }: { timeoutMs?: number; port?: number; keepStdout?: boolean; logFile?: number; compiled?: boolean } = {},
): Promise<SpawnedServer> {
  // A restart on the same data may ask for the same port, so clients find it again.
  const port = wanted ?? (await freePort());
  let output = '';
  const entry = compiled ? ['--enable-source-maps', 'dist/api/server.js'] : ['--import', 'tsx', 'api/server.ts'];
  const child = spawn(process.execPath, entry, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port), ...env },
    // A benchmark's access log (thousands of lines a second) goes to a file it opened (`logFile`,
    // as in production) or is dropped, rather than held here.
    stdio: ['ignore', logFile ?? (keepStdout ? 'pipe' : 'ignore'), 'pipe'],
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

/** The server's own log lines (JSON, api/logger.ts); a library's plain line is not ours to parse. */
export const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; message: string; [field: string]: unknown });

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

/** The CPU time a process has used so far, user and system, in microseconds (Linux, 100 ticks a second). */
export function cpuMicros(pid: number): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
