import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '@dcp/runtime';
import { edgeServerOptions } from './server-options';

/** The address the edge limits a request by (req.ip) when loopback sends `X-Forwarded-For: 203.0.113.7`. */
async function addressSeen(env: Record<string, string>, port: 'public' | 'admin' = 'public'): Promise<string> {
  const { trustProxy } = edgeServerOptions(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dcp-trust-')), ...env }), port);
  const app = Fastify({ trustProxy });
  app.get('/', async (req) => ({ ip: req.ip }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const res = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    return ((await res.json()) as { ip: string }).ip;
  } finally {
    await app.close();
  }
}

describe('edgeServerOptions: trusted proxies (decisions AB2, SDE2)', () => {
  it('by default believes no X-Forwarded-For, not even from loopback', async () => {
    expect(await addressSeen({})).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For from a peer TRUST_PROXY names', async () => {
    expect(await addressSeen({ TRUST_PROXY: 'loopback' })).toBe('203.0.113.7');
    expect(await addressSeen({ TRUST_PROXY: '10.0.0.0/8' })).toBe('127.0.0.1');
  });
});

describe('edgeServerOptions: the admin port trusts its own proxies only (decisions SDA6)', () => {
  it('does not believe the public port\'s TRUST_PROXY', async () => {
    expect(await addressSeen({ TRUST_PROXY: 'loopback' }, 'admin')).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For from a peer ADMIN_TRUST_PROXY names', async () => {
    expect(await addressSeen({ ADMIN_TRUST_PROXY: 'loopback' }, 'admin')).toBe('203.0.113.7');
    expect(await addressSeen({ ADMIN_TRUST_PROXY: 'loopback' }, 'public')).toBe('127.0.0.1');
  });
});
