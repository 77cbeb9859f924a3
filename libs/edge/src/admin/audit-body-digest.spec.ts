import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { bodyDigestOf, digestAdminBodies } from './audit-body-digest';

/** A Fastify app with the hook, whose routes answer with the digest of what they received. */
async function app(): Promise<FastifyInstance> {
  const fastify = Fastify();
  fastify.addContentTypeParser('video/mp2t', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  digestAdminBodies(fastify);
  for (const method of ['POST', 'PUT', 'DELETE', 'GET'] as const) fastify.route({ method, url: '/x', handler: async (req) => ({ digest: bodyDigestOf(req) }) });
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  return fastify;
}

describe('digestAdminBodies (SDB1)', () => {
  let fastify: FastifyInstance;
  const send = async (method: string, body?: string | Buffer, type = 'application/json') => {
    const { port } = fastify.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/x`, { method, body, headers: body === undefined ? {} : { 'content-type': type } });
    return ((await res.json()) as { digest: unknown }).digest;
  };
  beforeAll(async () => {
    fastify = await app();
  });
  afterAll(() => fastify.close());

  it('gives the byte count and SHA-256 of a 60 KiB JSON body as it arrived', async () => {
    const body = JSON.stringify({ mode: 'none', padding: 'é'.repeat(30 * 1024) });
    const bytes = Buffer.from(body);
    expect(await send('PUT', body)).toEqual({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  it('digests a raw body too, and nothing for a call without a body or a read', async () => {
    const segment = Buffer.alloc(188 * 7, 0x47);
    expect(await send('POST', segment, 'video/mp2t')).toEqual({ bytes: segment.length, sha256: createHash('sha256').update(segment).digest('hex') });
    expect(await send('DELETE')).toBeNull();
    expect(await send('GET')).toBeNull();
  });

  it('falls back to the declared size, without a hash, for a body never read', () => {
    expect(bodyDigestOf({ headers: { 'content-length': '61440' } })).toEqual({ bytes: 61440, sha256: null });
    expect(bodyDigestOf({ headers: {} })).toBeNull();
  });
});
