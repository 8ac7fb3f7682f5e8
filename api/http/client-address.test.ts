import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { clientAddress } from './client-address.ts';

const app = new Hono<AppEnv>().get('/', (c) => c.text(clientAddress(c)));
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 1, remoteFamily: 'IPv4' } } });
const ask = async (remote: string | null, forwarded?: string) => {
  const res = await app.request('/', forwarded ? { headers: { 'x-forwarded-for': forwarded } } : {}, remote ? from(remote) : undefined);
  return res.text();
};

describe('clientAddress', () => {
  it("is the socket's address", async () => {
    expect(await ask('203.0.113.9')).toBe('203.0.113.9');
  });
  it('ignores a forwarding header from a remote caller: it is only their claim', async () => {
    expect(await ask('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });
  it('believes the address a local reverse proxy appended last', async () => {
    expect(await ask('127.0.0.1', '10.0.0.1, 198.51.100.1')).toBe('198.51.100.1');
    expect(await ask('::1', '198.51.100.2')).toBe('198.51.100.2');
  });
  it('is "unknown" without a connection', async () => {
    expect(await ask(null, '198.51.100.1')).toBe('unknown');
  });
});
