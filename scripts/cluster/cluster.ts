import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../testing/free-port.ts';
import { spawnServer, stopServer, type SpawnedServer } from '../../testing/spawn-server.ts';

export type Cluster = {
  /** HAProxy's address: round robin over the instances. */
  base: string;
  instances: SpawnedServer[];
  /** Sent to HAProxy, `X-Efie-Instance: N` (1-based) picks instance N: "the other instance", through the balancer. */
  pick: (n: number) => Record<string, string>;
  stop(): Promise<void>;
};

/** HAProxy in front of the instances: round robin, health-checked, the client's address passed on. */
export function haproxyConfig(port: number, instancePorts: number[]): string {
  const servers = instancePorts.map((p, i) => `  server i${i + 1} 127.0.0.1:${p} check inter 1s`);
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout client 70s',
    '  timeout server 70s',
    'frontend efie',
    `  bind 127.0.0.1:${port}`,
    ...instancePorts.map((_, i) => `  use_backend instance${i + 1} if { req.hdr(x-efie-instance) -m str ${i + 1} }`),
    '  default_backend all',
    'backend all',
    '  balance roundrobin',
    // HTTP/1.1 with a Host: the server refuses a request without one.
    '  option httpchk',
    '  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host localhost',
    ...servers,
    ...instancePorts.flatMap((p, i) => [`backend instance${i + 1}`, `  server i${i + 1} 127.0.0.1:${p}`]),
    '',
  ].join('\n');
}

/**
 * `instances` API servers on one PostgreSQL (`DATABASE_URL`) and one files folder, behind HAProxy
 * (Debian's haproxy). The first instance starts alone (it applies the migrations); the others
 * then start together. Each instance gets `env` and TRUST_PROXY=1: HAProxy is its one proxy.
 */
export async function startCluster({
  instances,
  databaseUrl,
  env = {},
  port,
  haproxy = process.env.HAPROXY ?? 'haproxy',
}: {
  instances: number;
  databaseUrl: string;
  env?: Record<string, string>;
  port?: number;
  haproxy?: string;
}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'efie-cluster-'));
  const common = { DATABASE_URL: databaseUrl, DATA_DIR: join(dir, 'data'), TRUST_PROXY: '1', ...env };
  const started: SpawnedServer[] = [];
  let proxy: ChildProcess | undefined;
  const stop = async () => {
    proxy?.kill('SIGTERM');
    await Promise.all(started.map((server) => stopServer(server.child)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    started.push(await spawnServer(common, { timeoutMs: 120_000 }));
    started.push(
      ...(await Promise.all(Array.from({ length: instances - 1 }, () => spawnServer(common, { timeoutMs: 120_000 })))),
    );
    const front = port ?? (await freePort());
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(
      config,
      haproxyConfig(
        front,
        started.map((s) => s.port),
      ),
    );
    let said = '';
    proxy = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxy.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    proxy.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const base = `http://127.0.0.1:${front}`;
    // Ready once every instance has answered through it.
    const deadline = Date.now() + 30_000;
    const ready = new Set<number>();
    while (ready.size < instances) {
      if (proxy.exitCode !== null) throw new Error(`haproxy exited with ${proxy.exitCode}: ${said}`);
      if (Date.now() > deadline) throw new Error(`haproxy did not pass requests within 30 s: ${said}`);
      for (let n = 1; n <= instances; n++) {
        const res = await fetch(`${base}/api/health`, { headers: { 'x-efie-instance': String(n) } }).catch(
          () => undefined,
        );
        if (res?.ok) ready.add(n);
      }
      if (ready.size < instances) await sleep(100);
    }
    // And the round robin: HAProxy's own health checks have passed.
    while (!(await fetch(`${base}/api/health`).catch(() => undefined))?.ok) {
      if (Date.now() > deadline) throw new Error(`haproxy's health checks did not pass within 30 s: ${said}`);
      await sleep(100);
    }
    return { base, instances: started, pick: (n) => ({ 'x-efie-instance': String(n) }), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
