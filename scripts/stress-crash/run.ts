import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../testing/free-port.ts';
import { checkInDatabase, checkThroughApi, type Cast } from './checks.ts';
import { runAdmin, runOwner, runRenter, type ClientContext } from './clients.ts';
import { createHttpClient } from './http-client.ts';
import { runKiller } from './killer.ts';
import { createLedger, type Ledger } from './ledger.ts';
import type { Options } from './options.ts';
import { register, signInAdmin } from './people.ts';
import { createServerProcess } from './server-process.ts';
import { differences, takeSnapshot } from './snapshot.ts';
import { prepareTarget, type DatabaseKind } from './target.ts';

export type Report = {
  kind: DatabaseKind;
  where: string;
  kills: number;
  startMs: number[];
  seconds: number;
  ledger: Ledger;
  missing: string[];
  doubled: string[];
  /** Requests whose answer differs after `npm run projections:rebuild`; undefined when the run never got there. */
  rebuildChanged: string[] | undefined;
  answersCompared: number;
  unansweredClaims: number;
  /** Acknowledged writes whose events were stored before the kill cut their first attempt off. */
  foundAfterKill: number;
  /** Restart failures, stuck operations, answers no client should get. */
  faults: string[];
};

export const failed = (r: Report) =>
  r.missing.length + r.doubled.length + r.faults.length + r.ledger.unexpected.length > 0 ||
  r.rebuildChanged === undefined ||
  r.rebuildChanged.length > 0;

/**
 * One database: start the server, sign the people in, let the clients work
 * while the killer kills and restarts the server, then check the end state,
 * rebuild the read models with the server stopped and compare the answers.
 */
export async function runOn(kind: DatabaseKind, options: Options, log: (line: string) => void): Promise<Report> {
  const target = await prepareTarget(kind);
  const server = createServerProcess(target.env, await freePort());
  const ledger = createLedger();
  const report: Report = {
    kind,
    where: target.where,
    kills: 0,
    startMs: server.startMs,
    seconds: 0,
    ledger,
    missing: [],
    doubled: [],
    rebuildChanged: undefined,
    answersCompared: 0,
    unansweredClaims: 0,
    foundAfterKill: 0,
    faults: [],
  };
  const abort = new AbortController();
  const started = Date.now();
  try {
    await server.start();
    const cast: Cast = {
      admin: await signInAdmin(server.base, abort.signal),
      owners: await Promise.all(
        Array.from({ length: options.clients }, (_, i) =>
          register(server.base, `owner${i + 1}`, 'owner', abort.signal),
        ),
      ),
      renters: await Promise.all(
        Array.from({ length: options.clients }, (_, i) =>
          register(server.base, `renter${i + 1}`, 'renter', abort.signal),
        ),
      ),
    };
    log(
      `${kind}: ${cast.owners.length} owners, ${cast.renters.length} renters and the admin signed in; killing ${options.kills} times`,
    );
    let stopping = false;
    const ctx: ClientContext = { ledger, stopping: () => stopping };
    const clients = Promise.allSettled([
      ...cast.owners.map((o) => runOwner(ctx, o)),
      ...cast.renters.map((r) => runRenter(ctx, r)),
      runAdmin(ctx, cast.admin),
    ]);
    try {
      report.kills = await runKiller(server, {
        kills: options.kills,
        intervalMs: options.intervalMs,
        log: (line) => log(`${kind}: ${line}`),
      });
    } catch (error) {
      report.faults.push(error instanceof Error ? error.message : String(error));
      abort.abort();
    } finally {
      // No new operations; those in flight finish with their final answers.
      stopping = true;
    }
    log(`${kind}: ${report.kills} kills done; letting the clients finish their operations`);
    for (const outcome of await clients) {
      if (outcome.status === 'rejected' && !abort.signal.aborted) report.faults.push(String(outcome.reason));
    }
    report.seconds = (Date.now() - started) / 1000;
    if (abort.signal.aborted) return report;

    const visitor = createHttpClient(server.base);
    const api = await checkThroughApi(ledger, cast);
    const before = await takeSnapshot(cast, visitor);
    await server.stop();
    const stored = await target.read((sql) => checkInDatabase(sql, ledger));
    report.missing.push(...api.missing, ...stored.missing);
    report.doubled.push(...api.doubled, ...stored.doubled);
    report.unansweredClaims = stored.unansweredClaims;
    report.foundAfterKill = stored.foundAfterKill;

    log(`${kind}: npm run projections:rebuild`);
    const rebuild = await rebuildProjections(target.env);
    if (rebuild.code !== 0)
      report.faults.push(`npm run projections:rebuild exited with ${rebuild.code}: ${rebuild.output}`);
    await server.start();
    const after = await takeSnapshot(cast, visitor);
    await server.stop();
    report.rebuildChanged = differences(before, after);
    report.answersCompared = before.size;
    return report;
  } catch (error) {
    report.faults.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return report;
  } finally {
    abort.abort();
    await server.kill();
    writeFileSync(
      join(target.env.DATA_DIR!, 'ledger.json'),
      JSON.stringify({ ...report, ledger: ledger.acknowledged, unexpected: ledger.unexpected }, null, 1),
    );
    if (failed(report) || options.keep)
      log(
        `${kind}: data kept in ${target.where}; every acknowledged write is in ${join(target.env.DATA_DIR!, 'ledger.json')}`,
      );
    else await target.remove();
  }
}

/** `npm run projections:rebuild` on the run's data, as an operator would run it. */
function rebuildProjections(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'projections:rebuild'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}
