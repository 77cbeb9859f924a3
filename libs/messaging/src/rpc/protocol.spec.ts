import { ErrorCode, gatewaySubject, PlatformError, SSO_RPC } from '@dcp/contracts';
import { buildEvent } from '../build-event';
import { recordingLogger } from '../test/helpers';
import { didNotAnswer, ownerOfSubject, readReply, serveRequest } from './protocol';

describe('request-reply protocol', () => {
  it('names the owner of rpc subjects; the caller names the owner of gateway subjects', () => {
    expect(ownerOfSubject(SSO_RPC.ssoVerifyAccessToken.subject)).toBe('sso');
    expect(ownerOfSubject(gatewaySubject('user_ipc_setting_v2_0.addOemDevice'))).toBeUndefined();
    expect(didNotAnswer(gatewaySubject('user_ipc_setting_v2_0.addOemDevice'), 'device').failureDetails).toBe(
      'device service did not answer (dcp.gateway.user_ipc_setting_v2_0.addOemDevice)',
    );
    expect(ownerOfSubject('something.else')).toBeUndefined();
    expect(didNotAnswer('something.else').failureDetails).toBe('the service did not answer (something.else)');
  });

  it('round-trips handler outcomes', async () => {
    const log = recordingLogger();
    expect(await serveRequest('s', async () => ({ a: 1 }), {}, log)).toEqual({ ok: true, data: { a: 1 } });
    expect(await serveRequest('s', async () => undefined, {}, log)).toEqual({ ok: true });
    const failed = await serveRequest('s', async () => Promise.reject(new TypeError('x is undefined')), {}, log);
    expect(failed).toEqual({ ok: false, error: { code: ErrorCode.FC_SYSTEM_ERROR, failureDetails: expect.not.stringContaining('x is undefined') } });
    expect(() => readReply('s', failed, log)).toThrow(PlatformError);
    expect(() => readReply('s', { unexpected: true }, log)).toThrow(PlatformError);
    expect(log.errors).toEqual(['handler of s failed', 'malformed reply on s']);
  });

  it('builds envelopes that carry the event source, a uuid and an ISO time, and refuses bad payloads', () => {
    const e = buildEvent('deviceBound', { macAddr: 'AABBCCDDEEFF', userId: 1, oemCode: 'X' });
    expect(e).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'dcp.device.device.bound.v1', occurredAt: expect.any(String), source: 'device-service', data: { macAddr: 'AABBCCDDEEFF', userId: 1, oemCode: 'X' } });
    expect(new Date(e.occurredAt).toISOString()).toBe(e.occurredAt);
    expect(buildEvent('deviceBound', e.data, 'platform-admin').source).toBe('platform-admin');
    expect(() => buildEvent('deviceBound', { macAddr: '', userId: 1, oemCode: 'X' })).toThrow();
  });
});
