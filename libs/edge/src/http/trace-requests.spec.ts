import { type CallContext, currentCallContext, parseTraceparent, stopTracing, traceIdOf, useTracerProvider } from '@dcp/observability';
import { Collector, RecordedSpans, parentSpanIdOf } from '@dcp/testing';
import { SpanKind } from '@opentelemetry/api';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { requestId } from './request-id';
import { traceRequests } from './trace-requests';

const INCOMING = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const OPERATION = 'user_ipc_setting_v2_0.addOemDevice';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The call context each response finished in, by the caller's request id (what Fastify's completed-request log line sees). */
const finishedIn = new Collector<[string | undefined, CallContext | undefined]>();
const finished = async (id: string) => (await finishedIn.until((xs) => xs.some(([x]) => x === id), `the response to ${id}`)).find(([x]) => x === id)?.[1];

/** A Fastify app with the hook and routes that answer with the call context their handler runs in. */
async function app(): Promise<FastifyInstance> {
  const fastify = Fastify({ genReqId: requestId });
  traceRequests(fastify);
  fastify.addHook('onResponse', (req, _reply, done) => {
    finishedIn.push([currentCallContext()?.clientRequestId, currentCallContext()]);
    done();
  });
  fastify.all('/gateway', async () => ({ ...currentCallContext() }));
  fastify.post('/sso/:operation', async () => ({ ...currentCallContext() }));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  return fastify;
}

/** A real HTTP request (light-my-request does not load under jest): the JSON answer. */
async function call(fastify: FastifyInstance, path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Record<string, string>> {
  const { port } = fastify.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, string>;
}

describe('edge call context, tracing off', () => {
  let fastify: FastifyInstance;
  beforeAll(async () => {
    fastify = await app();
  });
  afterAll(() => fastify.close());

  it('passes an incoming traceparent and tracestate through unchanged, with the platform\'s request id and the caller\'s beside it', async () => {
    const res = await call(fastify, `/gateway?service=${OPERATION}`, { headers: { traceparent: INCOMING, tracestate: 'vendor=abc', 'x-request-id': 'req-1' } });
    expect(res).toEqual({ requestId: expect.stringMatching(UUID), clientRequestId: 'req-1', traceparent: INCOMING, tracestate: 'vendor=abc' });
  });

  it('never takes a caller\'s x-request-id as the request id: two callers sending the same one get two ids (SDB3)', async () => {
    const [a, b] = await Promise.all([call(fastify, '/gateway', { headers: { 'x-request-id': 'victim-request-0001' } }), call(fastify, '/gateway', { headers: { 'x-request-id': 'victim-request-0001' } })]);
    expect([a.clientRequestId, b.clientRequestId]).toEqual(['victim-request-0001', 'victim-request-0001']);
    expect(a.requestId).toMatch(UUID);
    expect(b.requestId).toMatch(UUID);
    expect(a.requestId).not.toBe(b.requestId);
  });

  it('ignores a malformed x-request-id (no clientRequestId)', async () => {
    const res = await call(fastify, '/gateway', { headers: { 'x-request-id': 'has spaces and "quotes"' } });
    expect(res.requestId).toMatch(UUID);
    expect(res).not.toHaveProperty('clientRequestId');
  });

  it('drops a tracestate longer than 512 characters and keeps the rest', async () => {
    const res = await call(fastify, '/gateway', { headers: { traceparent: INCOMING, tracestate: `v=${'x'.repeat(511)}`, 'x-request-id': 'req-4' } });
    expect(res).toEqual({ requestId: expect.stringMatching(UUID), clientRequestId: 'req-4', traceparent: INCOMING });
  });

  it('gives a request without one (or with a malformed one) a fresh trace id of its own', async () => {
    const plain = await call(fastify, '/gateway');
    const malformed = await call(fastify, '/gateway', { headers: { traceparent: '00-xyz-01', tracestate: 'vendor=abc' } });
    for (const ctx of [plain, malformed]) {
      expect(traceIdOf(ctx.traceparent)).toBeDefined();
      expect(ctx.tracestate).toBeUndefined();
      expect(ctx.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(traceIdOf(plain.traceparent)).not.toBe(traceIdOf(malformed.traceparent));
  });

  it('keeps the context through reading a body that arrives in many chunks', async () => {
    const res = await call(fastify, '/sso/user_callback', { method: 'POST', headers: { traceparent: INCOMING, 'x-request-id': 'req-2' }, body: { operation: 'DELETE', uuid: 'u-1', padding: 'x'.repeat(512 * 1024) } });
    expect(res).toMatchObject({ clientRequestId: 'req-2', traceparent: INCOMING });
  });

  it('is still the context when the response has been sent (the completed-request log line)', async () => {
    const res = await call(fastify, '/gateway', { headers: { traceparent: INCOMING, 'x-request-id': 'req-5' } });
    expect(await finished('req-5')).toEqual(res);
  });
});

describe('edge call context, tracing on', () => {
  let fastify: FastifyInstance;
  let spans: RecordedSpans;
  beforeAll(async () => {
    spans = new RecordedSpans();
    useTracerProvider(spans.provider);
    fastify = await app();
  });
  afterAll(async () => {
    await fastify.close();
    await stopTracing();
  });

  it('serves each request in a server span continuing the caller\'s trace, named by surface and operation', async () => {
    const res = await call(fastify, `/gateway?service=${OPERATION}`, { headers: { traceparent: INCOMING, 'x-request-id': 'req-3' } });
    const span = await spans.ended((s) => s.attributes['http.route'] === '/gateway');
    expect(span).toMatchObject({ name: `gateway ${OPERATION}`, kind: SpanKind.SERVER });
    expect(span.attributes['http.response.status_code']).toBe(200);
    expect(span.spanContext().traceId).toBe(traceIdOf(INCOMING));
    expect(parentSpanIdOf(span)).toBe(parseTraceparent(INCOMING)?.spanId);
    expect(res).toEqual({ requestId: expect.stringMatching(UUID), clientRequestId: 'req-3', traceparent: `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01` });
  });

  it('names a span by route when the operation is not in the catalogue (span names stay few)', async () => {
    await call(fastify, '/sso/user_callback', { method: 'POST', body: {} });
    await call(fastify, '/gateway?service=anything.the.caller.likes');
    const names = (await Promise.all([spans.ended((s) => s.attributes['http.route'] === '/sso/:operation'), spans.ended((s) => s.name.startsWith('GET /gateway'))])).map((s) => s.name);
    expect(names).toEqual(['POST /sso/:operation', 'GET /gateway']);
  });
});
