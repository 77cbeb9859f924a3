/**
 * Who reaches the edge's ports (docs/decisions.md SDA1, SDA3, SDA5), on the real servers of startEdgeServers
 * (no service module; an in-process bus): both listen on loopback unless told; the admin port answers only
 * the Host names it serves, on every route, before authentication; wrong tokens are limited per address.
 */
import { type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Runtime, createRuntime, loadConfig } from '@dcp/runtime';
import { uniqueName } from '@dcp/testing';
import { type EdgeServers, startEdgeServers } from '../edge-servers';

const TOKEN = 'admin-access-spec-token';
const FAILURES = 3;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to 127.0.0.1:port with the headers given as they are (fetch would not send a chosen Host). */
function send(port: number, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

const errorCode = (a: Answer) => (JSON.parse(a.body) as { errorCode?: string }).errorCode;

describe('the edge servers: listen addresses, the admin Host check, the guessing limit', () => {
  let runtime: Runtime;
  let edge: EdgeServers;
  let adminPort: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-admin-access-'));

  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      ADMIN_PORT: '0',
      ADMIN_TOKEN: TOKEN,
      ADMIN_ALLOWED_HOSTS: 'gateway-edge-admin,*.ops.example',
      ADMIN_AUTH_FAILURES_PER_ADDRESS: String(FAILURES),
      // The spec speaks as a proxy on loopback naming each client in X-Forwarded-For: the admin port's own
      // setting (SDA6); TRUST_PROXY is the public port's and must not make the admin port believe it.
      ADMIN_TRUST_PROXY: '127.0.0.1',
    } as NodeJS.ProcessEnv);
    runtime = await createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('admin-access') } });
    edge = await startEdgeServers(runtime);
    adminPort = (edge.adminApp.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    await edge?.close();
    await runtime?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on loopback by default, and says so', () => {
    for (const app of [edge.publicApp, edge.adminApp]) expect((app.getHttpServer().address() as AddressInfo).address).toBe('127.0.0.1');
    expect(edge.publicAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(edge.adminAddress).toBe(`127.0.0.1:${adminPort}`);
    expect(edge.adminUrl).toBe(`http://127.0.0.1:${adminPort}`);
  });

  describe('the Host check (SDA3)', () => {
    const session = (host: string, from = '198.51.100.1') => send(adminPort, 'GET', '/admin/v1/session', { host, authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': from });

    it.each(['localhost', 'localhost:PORT', '127.0.0.1:PORT', '[::1]:PORT', '10.1.2.3', '[fd00::1]:PORT', 'gateway-edge-admin:3001', 'Admin.OPS.example.'])('answers Host %s', async (host) => {
      const res = await session(host.replace('PORT', String(adminPort)));
      expect({ status: res.status, body: JSON.parse(res.body) as unknown }).toEqual({ status: 200, body: { name: 'admin', role: 'full' } });
    });

    it.each(['evil.example', 'evil.example:PORT', 'localhost.evil.example', 'ops.example', 'gateway-edge-admin.evil.example', '127.0.0.1.nip.io:PORT'])(
      'refuses Host %s with AD0400 (HTTP 400) before authentication, a valid token or not',
      async (host) => {
        for (const authorization of [`Bearer ${TOKEN}`, 'Bearer wrong']) {
          const res = await send(adminPort, 'GET', '/admin/v1/session', { host: host.replace('PORT', String(adminPort)), authorization, 'x-forwarded-for': '198.51.100.2' });
          expect(res.status).toBe(400);
          expect(JSON.parse(res.body)).toEqual({ errorCode: 'AD0400', failureDetails: expect.stringContaining('is not a name this admin port serves') });
        }
      },
    );

    it.each([
      ['GET', '/admin/v1/openapi.json'],
      ['GET', '/console/'],
      ['GET', '/console/assets/index.js'],
      ['POST', '/admin/v1/merchants'],
      ['GET', '/no-such-route'],
    ])('refuses a rebound name on every route of the port: %s %s', async (method, path) => {
      const res = await send(adminPort, method, path, { host: `rebound.evil.example:${adminPort}`, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('AD0400');
    });

    it('serves the OpenAPI document to localhost without a token', async () => {
      const res = await send(adminPort, 'GET', '/admin/v1/openapi.json', { host: `localhost:${adminPort}` });
      expect(res.status).toBe(200);
    });

    it('leaves the public port alone (it serves any name)', async () => {
      const port = (edge.publicApp.getHttpServer().address() as AddressInfo).port;
      expect((await send(port, 'GET', '/health/live', { host: 'api.evil.example' })).status).toBe(200);
    });
  });

  describe('failed admin authentications per address (SDA5)', () => {
    const call = (from: string, token?: string) =>
      send(adminPort, 'GET', '/admin/v1/session', { host: `localhost:${adminPort}`, 'x-forwarded-for': from, ...(token ? { authorization: `Bearer ${token}` } : {}) });
    const counted = async (outcome: string) => {
      const line = (await runtime.metrics.render()).split('\n').find((l) => l.startsWith(`dcp_admin_auth_failures_total{outcome="${outcome}"}`));
      return line ? Number(line.split(' ').pop()) : 0;
    };

    it(`refuses an address with AD0429 and Retry-After after ${FAILURES} wrong tokens, a valid token's call too; other addresses go on`, async () => {
      const [refusedBefore, limitedBefore] = [await counted('refused'), await counted('limited')];
      for (let i = 0; i < FAILURES; i++) expect(errorCode(await call('203.0.113.7', i % 2 ? undefined : `guess-${i}`))).toBe('AD0401');
      for (const token of ['guess-next', TOKEN]) {
        const res = await call('203.0.113.7', token);
        expect(res.status).toBe(429);
        expect(JSON.parse(res.body)).toEqual({ errorCode: 'AD0429', failureDetails: expect.stringContaining(`at most ${FAILURES} per 60 s`) });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // Another address: its valid token answers, its wrong one is its own first failure.
      expect((await call('203.0.113.8', TOKEN)).status).toBe(200);
      expect(errorCode(await call('203.0.113.8', 'guess'))).toBe('AD0401');
      expect(await counted('refused')).toBe(refusedBefore + FAILURES + 1);
      expect(await counted('limited')).toBe(limitedBefore + 2);
    });

    it('never counts a valid token: many calls, then wrong ones still get AD0401 until the limit', async () => {
      for (let i = 0; i < FAILURES * 10; i++) expect((await call('203.0.113.9', TOKEN)).status).toBe(200);
      for (let i = 0; i < FAILURES; i++) expect(errorCode(await call('203.0.113.9', 'guess'))).toBe('AD0401');
      expect(errorCode(await call('203.0.113.9', 'guess'))).toBe('AD0429');
    });

    it('does not count the OpenAPI document, which needs no token', async () => {
      for (let i = 0; i < FAILURES * 2; i++) {
        expect((await send(adminPort, 'GET', '/admin/v1/openapi.json', { host: `localhost:${adminPort}`, 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
      }
      expect((await call('203.0.113.10', TOKEN)).status).toBe(200);
    });
  });
});
