/**
 * The gateway surface as a merchant's app drives it: catalogue routing, method and parameter validation,
 * server time, and operations still pending in their owning service — in embedded and distributed mode.
 */
import { describeWithInfra, getQuery, postForm } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';

function gatewaySuite(mode: Mode) {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform(mode);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers cloud_system.current_time with server time in milliseconds (HTTP 200, envelope)', async () => {
    const before = Date.now();
    const res = await getQuery(t.baseUrl, '/gateway', { service: 'cloud_system.current_time' });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errorCode: '', failureDetails: '', data: expect.any(Number) });
    expect(res.body.data as number).toBeGreaterThanOrEqual(before);
    expect(res.body.data as number).toBeLessThanOrEqual(after);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers 009999 for a service name that does not exist, including a wrong capitalisation', async () => {
    for (const service of ['no.such_service', 'CLOUD_SYSTEM.current_time', ' cloud_system.current_time']) {
      const res = await getQuery(t.baseUrl, '/gateway', { service });
      expect(res.status).toBe(200);
      expect(res.body.errorCode).toBe('009999');
      expect(res.body.failureDetails).toContain(service);
    }
  });

  it('answers 000006 when service is missing', async () => {
    const res = await getQuery(t.baseUrl, '/gateway');
    expect(res.body).toEqual({ errorCode: '000006', failureDetails: 'parameter service is required' });
  });

  it('answers 000006 for the wrong HTTP method', async () => {
    const res = await postForm(t.baseUrl, '/gateway?service=cloud_system.current_time', {});
    expect(res.body).toEqual({ errorCode: '000006', failureDetails: 'cloud_system.current_time must be called with GET' });
    const del = await postForm(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.getOemDeviceByUser', { clientId: 'c', openId: 'o', accessToken: 'a' });
    expect(del.body.errorCode).toBe('000006');
  });

  it('answers 000006 naming a missing or too long parameter before authenticating', async () => {
    const missing = await getQuery(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', clientId: 'c', openId: 'o' });
    expect(missing.body).toEqual({ errorCode: '000006', failureDetails: 'parameter accessToken is required' });
    const long = await getQuery(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', clientId: 'c'.repeat(41), openId: 'o', accessToken: 'a' });
    expect(long.body).toEqual({ errorCode: '000006', failureDetails: 'parameter clientId exceeds 40 characters' });
  });

  it('answers 030010 for a user-scoped call with an unknown clientId', async () => {
    const res = await getQuery(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', clientId: 'unknown-client', openId: 'o', accessToken: 'a' });
    expect(res.body.errorCode).toBe('030010');
  });

  it('routes stream operations to their owning service, which answers itself (storage-service: 020041 for a device nobody owns)', async () => {
    const res = await getQuery(t.baseUrl, '/stream', { service: 'record.date.query', devId: 'AA:BB:CC:DD:EE:FF', sessionToken: 'f'.repeat(32), timestamp: String(Date.now() + 60_000) });
    // Any MAC spelling in, the canonical form (12 upper-case hex digits) out.
    expect(res.body).toEqual({ errorCode: '020041', failureDetails: 'device AABBCCDDEEFF has no owner' });
  });

  it('answers the stream surface with the same envelope rules', async () => {
    const res = await getQuery(t.baseUrl, '/stream', { service: 'record.nothing' });
    expect(res.body.errorCode).toBe('009999');
    const missing = await getQuery(t.baseUrl, '/stream', { service: 'record.date.query', devId: 'AA' });
    expect(missing.body.errorCode).toBe('000006');
  });

  it('refuses a malformed form body with 000006, not a framework error', async () => {
    const res = await fetch(`${t.baseUrl}/gateway?service=user_ipc_setting_v2_0.addOemDevice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe('000006');
  });

  it('reports readiness with every dependency and serves metrics', async () => {
    const ready = await getQuery(t.baseUrl, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
    expect(Object.keys(ready.body.info as object)).toEqual(expect.arrayContaining(['events', 'database:sso']));
    const live = await getQuery(t.baseUrl, '/health/live');
    expect(live.status).toBe(200);
    const metrics = await fetch(`${t.baseUrl}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
  });
}

describe('gateway (embedded)', () => gatewaySuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'gateway (distributed: PostgreSQL + NATS)', () => gatewaySuite('distributed'));
