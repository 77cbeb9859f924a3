/**
 * One trace from the merchant's HTTP call to the last event it causes (TR4): the DELETE user callback enters
 * at the edge (HTTP server span), is served by sso-service (RPC server span), whose user.deleted event is
 * consumed by device-service and permission-service (consumer spans), and device-service's device.unbound by
 * permission-service (a consumer span under device-service's). Spans are recorded in memory; the platform runs
 * embedded and against PostgreSQL + NATS JetStream.
 */
import { EVENTS, SSO_RPC } from '@dcp/contracts';
import { stopTracing, useTracerProvider } from '@dcp/observability';
import { RecordedSpans, describeWithInfra, parentSpanIdOf } from '@dcp/testing';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { MerchantApp, deviceForm } from './merchant-app';

function tracingSuite(mode: Mode) {
  let spans: RecordedSpans;
  let t: TestPlatform;
  let merchant: MerchantApp;

  beforeAll(async () => {
    spans = new RecordedSpans();
    useTracerProvider(spans.provider);
    t = await startTestPlatform(mode);
    merchant = await MerchantApp.register(t);
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
    await stopTracing();
  });

  const consumed = (subject: string, consumer: string) => (s: ReadableSpan) => s.name === `process ${subject}` && s.attributes['messaging.consumer.group.name'] === consumer;

  it('carries one trace from the edge through sso-service into every consumer of the events it causes', async () => {
    const ada = await merchant.signIn('Ada Lovelace');
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', ada.credentials, deviceForm('0C0000000001'))).body.errorCode).toBe('');

    expect((await merchant.deleteUser(ada.uuid)).status).toBe(200);
    const [deviceConsumer, permissionConsumer, unboundConsumer] = await Promise.all([
      spans.ended(consumed(EVENTS.userDeleted.subject, 'device-service'), 15_000),
      spans.ended(consumed(EVENTS.userDeleted.subject, 'permission-service'), 15_000),
      spans.ended(consumed(EVENTS.deviceUnbound.subject, 'permission-service'), 15_000),
    ]);

    const traceId = deviceConsumer.spanContext().traceId;
    const inTrace = (p: (s: ReadableSpan) => boolean) => spans.ended((s) => s.spanContext().traceId === traceId && p(s));
    // The edge ends its span once the response is written, which may come after the consumers finished.
    const [http, rpc] = await Promise.all([
      inTrace((s) => s.kind === SpanKind.SERVER && s.attributes['http.route'] === '/sso/:operation'),
      inTrace((s) => s.kind === SpanKind.SERVER && s.name === SSO_RPC.ssoUserCallback.subject),
    ]);
    const byId = new Map(spans.finished.filter((s) => s.spanContext().traceId === traceId).map((s) => [s.spanContext().spanId, s]));

    for (const s of [permissionConsumer, unboundConsumer]) expect(s.spanContext().traceId).toBe(traceId);
    // The chain: HTTP server span → RPC server span → each user.deleted consumer; device.unbound's consumer under device-service's.
    expect(parentSpanIdOf(http)).toBeUndefined();
    expect(byId.get(parentSpanIdOf(rpc)!)).toBe(http);
    expect(byId.get(parentSpanIdOf(deviceConsumer)!)).toBe(rpc);
    expect(byId.get(parentSpanIdOf(permissionConsumer)!)).toBe(rpc);
    expect(byId.get(parentSpanIdOf(unboundConsumer)!)).toBe(deviceConsumer);
  });
}

describe('one trace across the platform (embedded)', () => tracingSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'one trace across the platform (distributed: PostgreSQL + NATS)', () => tracingSuite('distributed'));
