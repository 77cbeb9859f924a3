import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import { countVerifiedClient, registerRateLimits } from './rate-limits';

/** Requests the gateway route's handler ran (a refusal before the work leaves it unchanged). */
let handled = 0;

/**
 * A bare Fastify on loopback with one route per surface and one without; a refusal answers its code. The
 * client's address is the X-Forwarded-For the spec sends (loopback is a trusted proxy here). The surface
 * routes stand in for the SSO controller and the gateway dispatcher: a request whose `verified` parameter is
 * `yes` is verified as the clientId it names (countVerifiedClient), any other naming one answers `unverified`,
 * one naming none (cloud_system.current_time) answers success.
 */
async function server(perAddress: number, perClient: number): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: ['127.0.0.1'] });
  handled = 0;
  app.setErrorHandler((err, _req, reply) => {
    void reply.status(200).send({ code: err instanceof PlatformError ? err.code : 'unexpected', details: err instanceof PlatformError ? err.failureDetails : String(err) });
  });
  await registerRateLimits(app, { perAddress, perClient, windowMs: 60_000 });
  app.get('/gateway', { config: { surface: 'gateway' } }, async (req) => {
    handled++;
    const { clientId, verified } = req.query as { clientId?: string; verified?: string };
    if (!clientId) return { code: '' };
    if (verified !== 'yes') return { code: 'unverified' };
    await countVerifiedClient(req, clientId);
    return { code: '' };
  });
  app.post('/sso/login', { config: { surface: 'sso' } }, async () => ({ code: '' }));
  app.get('/health/live', async () => ({ code: '' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

interface Answer {
  json(): unknown;
  headers: Record<string, string | null>;
}

async function send(app: FastifyInstance, method: string, path: string, from: string): Promise<Answer> {
  const { port } = app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { 'x-forwarded-for': from } });
  const body: unknown = await res.json();
  return { json: () => body, headers: { 'retry-after': res.headers.get('retry-after') } };
}

/** A gateway call naming `clientId`, verified as that merchant's (a valid access token) or not. */
const gateway = (app: FastifyInstance, clientId?: string, ip = '203.0.113.1', verified = true) =>
  send(app, 'GET', `/gateway${clientId ? `?clientId=${clientId}&verified=${verified ? 'yes' : 'no'}` : ''}`, ip);

describe('registerRateLimits (decisions AB1, AB3, AB8, SDE1)', () => {
  it('with both limits at 0 registers nothing and limits nothing', async () => {
    const app = await server(0, 0);
    expect(app.hasDecorator('createRateLimit')).toBe(false);
    for (let i = 0; i < 5; i++) expect((await gateway(app, 'c-1')).json()).toEqual({ code: '' });
    await app.close();
  });

  it('never lets requests that fail verification spend a merchant\'s budget, whatever forwarded address they come from (SDE1)', async () => {
    const app = await server(2, 2);
    // The attack of issue 18: one host behind a trusted proxy, a new X-Forwarded-For each time, naming c-1.
    for (let i = 1; i <= 20; i++) expect((await gateway(app, 'c-1', `198.51.100.${i}`, false)).json()).toEqual({ code: 'unverified' });
    expect((await gateway(app, 'c-1', '203.0.113.50')).json()).toEqual({ code: '' });
    expect((await gateway(app, 'c-1', '203.0.113.51')).json()).toEqual({ code: '' });
    await app.close();
  });

  it('still refuses a merchant whose own verified calls spent its budget, before verifying anything (SDE1)', async () => {
    const app = await server(0, 2);
    expect((await gateway(app, 'c-1', '198.51.100.1')).json()).toEqual({ code: '' });
    expect((await gateway(app, 'c-1', '198.51.100.2', false)).json()).toEqual({ code: 'unverified' });
    expect((await gateway(app, 'c-1', '198.51.100.3')).json()).toEqual({ code: '' });
    const handledBefore = handled;
    const refused = await gateway(app, 'c-1', '198.51.100.4');
    expect(refused.json()).toEqual({ code: ErrorCode.RATE_LIMITED, details: expect.stringMatching(/^too many requests for this clientId: at most 2 per 60 s, retry after \d+ s$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await gateway(app, 'c-1', '198.51.100.5', false)).json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(handled).toBe(handledBefore);
    expect((await gateway(app, 'c-2', '198.51.100.4')).json()).toEqual({ code: '' });
    await app.close();
  });

  it('per clientId only (per address 0): the same clientId is refused over its limit, from any address, with Retry-After', async () => {
    const app = await server(0, 2);
    expect((await gateway(app, 'c-1', '198.51.100.1')).json()).toEqual({ code: '' });
    expect((await gateway(app, 'c-1', '198.51.100.2')).json()).toEqual({ code: '' });
    const refused = await gateway(app, 'c-1', '198.51.100.3');
    expect(refused.json()).toEqual({ code: ErrorCode.RATE_LIMITED, details: expect.stringMatching(/^too many requests for this clientId: at most 2 per 60 s, retry after (\d+) s$/) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((refused.json() as { details: string }).details).toContain(`retry after ${retryAfter} s`);
    expect((await gateway(app, 'c-2', '198.51.100.3')).json()).toEqual({ code: '' });
    for (let i = 0; i < 3; i++) expect((await gateway(app, undefined, '198.51.100.3')).json()).toEqual({ code: '' });
    await app.close();
  });

  it('per address: SSO and gateway requests from one address count together; routes without a surface never count', async () => {
    const app = await server(2, 0);
    expect((await send(app, 'POST', '/sso/login', '203.0.113.5')).json()).toEqual({ code: '' });
    expect((await gateway(app, undefined, '203.0.113.5')).json()).toEqual({ code: '' });
    expect((await gateway(app, undefined, '203.0.113.5')).json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect((await gateway(app, undefined, '203.0.113.6')).json()).toEqual({ code: '' });
    for (let i = 0; i < 5; i++) expect((await send(app, 'GET', '/health/live', '203.0.113.5')).json()).toEqual({ code: '' });
    await app.close();
  });

  it('counts IPv6 addresses by their /64', async () => {
    const app = await server(1, 0);
    expect((await gateway(app, undefined, '2001:db8:1:2::1')).json()).toEqual({ code: '' });
    expect((await gateway(app, undefined, '2001:db8:1:2:ffff::9')).json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect((await gateway(app, undefined, '2001:db8:1:3::1')).json()).toEqual({ code: '' });
    await app.close();
  });
});
