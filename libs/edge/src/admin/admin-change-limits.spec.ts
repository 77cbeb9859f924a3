import { PlatformError } from '@dcp/contracts';
import { loadConfig } from '@dcp/runtime';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminChangeLimits, isUnrecordedRefusal } from './admin-change-limits';
import { fakeAdapterHost } from '../test/fakes';

const ALICE = 'alice-token-0123456789';
const BOT = 'bot-token-0123456789';

/** The admin server's limits on a bare Fastify instance: answers as the admin filter would, and says which refusals the audit would record. */
async function server(env: Record<string, string>): Promise<{ fastify: FastifyInstance; recorded: string[] }> {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dcp-limits-')), ADMIN_TOKENS: `alice:full:${ALICE},ci-bot:read-only:${BOT}`, ...env });
  const fastify = Fastify({ trustProxy: true });
  const recorded: string[] = [];
  fastify.setErrorHandler((err, req, reply) => {
    const refusal = PlatformError.from(err);
    if (!isUnrecordedRefusal(req)) recorded.push(`${req.headers.authorization} ${refusal.value}`);
    void reply.status(refusal.httpStatus).send({ errorCode: refusal.value, failureDetails: refusal.failureDetails });
  });
  new AdminChangeLimits(config, fakeAdapterHost(fastify)).onModuleInit();
  fastify.all('/admin/v1/*', async () => ({ ok: true }));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  return { fastify, recorded };
}

describe('AdminChangeLimits (SDB2)', () => {
  let t: Awaited<ReturnType<typeof server>>;
  const call = async (method: string, token: string, from = '198.51.100.1', path = '/admin/v1/maintenance') => {
    const { port } = t.fastify.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from, ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
      body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ mode: 'none', padding: 'x'.repeat(60 * 1024) }),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
  };

  afterEach(() => t?.fastify.close());

  it('refuses a token\'s changing calls over ADMIN_CHANGES_PER_TOKEN with AD0429 and Retry-After, from any address', async () => {
    t = await server({ ADMIN_CHANGES_PER_TOKEN: '3', ADMIN_CHANGES_PER_ADDRESS: '0', ADMIN_CHANGES_WINDOW_MS: '600000' });
    const answers = [await call('PUT', BOT, '198.51.100.1'), await call('POST', BOT, '198.51.100.2'), await call('PATCH', BOT, '198.51.100.3'), await call('DELETE', BOT, '198.51.100.4')];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3].body).toEqual({ errorCode: 'AD0429', failureDetails: expect.stringMatching(/^too many changing admin calls by the admin token ci-bot: at most 3 per 600 s, retry after \d+ s$/) });
    expect(Number(answers[3].retryAfter)).toBeGreaterThan(0);
    expect(Number(answers[3].retryAfter)).toBeLessThanOrEqual(600);
    // Another token is counted on its own; reads are never limited.
    expect((await call('PUT', ALICE)).status).toBe(200);
    expect((await call('GET', BOT)).status).toBe(200);
  });

  it('refuses changing calls from one address over ADMIN_CHANGES_PER_ADDRESS, whichever tokens they present', async () => {
    t = await server({ ADMIN_CHANGES_PER_TOKEN: '0', ADMIN_CHANGES_PER_ADDRESS: '2', ADMIN_CHANGES_WINDOW_MS: '600000' });
    const answers = [await call('PUT', ALICE), await call('PUT', BOT), await call('POST', ALICE)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2].body.failureDetails).toMatch(/^too many changing admin calls from this address: at most 2 per 600 s/);
    expect(answers[2].retryAfter).toMatch(/^\d+$/);
    expect((await call('PUT', ALICE, '198.51.100.9')).status).toBe(200);
  });

  it('never limits reads, nor calls without a valid token (the guard refuses those)', async () => {
    t = await server({ ADMIN_CHANGES_PER_TOKEN: '1', ADMIN_CHANGES_PER_ADDRESS: '1', ADMIN_CHANGES_WINDOW_MS: '600000' });
    for (let i = 0; i < 5; i++) expect((await call('GET', BOT)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call('PUT', 'not-a-token')).status).toBe(200);
  });

  it('lets the audit record only the first refusal of a window per token (the rest are counted, not stored)', async () => {
    t = await server({ ADMIN_CHANGES_PER_TOKEN: '2', ADMIN_CHANGES_PER_ADDRESS: '0', ADMIN_CHANGES_WINDOW_MS: '600000' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('PUT', BOT)).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    expect(t.recorded).toEqual([`Bearer ${BOT} AD0429`]);
  });
});
