import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf, logLines, spawnServer, stopServer, type SpawnedServer } from '../../testing/spawn-server.ts';

const running: SpawnedServer[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
});

describe('delivery settings at start-up (npm start)', () => {
  it('stops with one clear line for a partial Twilio configuration', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'efie-data-')),
        TWILIO_ACCOUNT_SID: `AC${'0f'.repeat(16)}`,
        TWILIO_AUTH_TOKEN: 'startup-secret-token',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(output.trim()).toBe(
      'Invalid configuration: SMS sending needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM together; missing SMS_FROM',
    );
  }, 60_000);

  it('says which gateways it uses and never logs their secrets', async () => {
    const server = await spawnServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'efie-data-')),
      SMTP_URL: 'smtp://efie:smtp-secret-password@127.0.0.1:1',
      TWILIO_ACCOUNT_SID: `AC${'0f'.repeat(16)}`,
      TWILIO_AUTH_TOKEN: 'startup-secret-token',
      SMS_FROM: 'Efie',
    });
    running.push(server);
    await stopServer(server.child);
    const lines = logLines(server.output());
    expect(lines.find((line) => line.message === 'message delivery')).toMatchObject({ email: 'smtp', sms: 'twilio' });
    expect(server.output()).not.toContain('smtp-secret-password');
    expect(server.output()).not.toContain('startup-secret-token');
  }, 90_000);
});
