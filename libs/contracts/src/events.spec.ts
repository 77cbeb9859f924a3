import { randomUUID } from 'node:crypto';
import { EVENTS, eventKeyForSubject, parseEventEnvelope } from './events';

const envelope = (type: string, data: unknown) => ({ id: randomUUID(), type, occurredAt: new Date().toISOString(), source: 'sso-service', data });

describe('event contracts', () => {
  it('names every subject dcp.<service>.<entity>.<past-tense>.v1', () => {
    for (const e of Object.values(EVENTS)) expect(e.subject).toMatch(/^dcp\.[a-z]+\.[a-z]+\.[a-z]+\.v1$/);
  });

  it('maps subjects back to their event', () => {
    expect(eventKeyForSubject('dcp.sso.user.deleted.v1')).toBe('userDeleted');
    expect(eventKeyForSubject('dcp.sso.user.exploded.v1')).toBeUndefined();
  });

  it('accepts a valid user.deleted envelope', () => {
    const env = envelope(EVENTS.userDeleted.subject, { userId: 7, openId: 'o', clientId: 'c', uuid: 'u' });
    expect(parseEventEnvelope(env)).toEqual(env);
  });

  it('carries MACs in the canonical form and reads events published in the colon form before it (D1)', () => {
    const bound = envelope(EVENTS.deviceBound.subject, { macAddr: '06626E63FBA5', userId: 7, oemCode: 'ACME' });
    expect(parseEventEnvelope(bound)).toEqual(bound);
    const legacy = envelope(EVENTS.deviceUnbound.subject, { macAddr: '06:62:6E:63:FB:A5', userId: 7, reason: 'user' });
    expect(parseEventEnvelope(legacy)).toEqual({ ...legacy, data: { macAddr: '06626E63FBA5', userId: 7, reason: 'user' } });
    const revoked = (ipcMac: string | null) => envelope(EVENTS.grantRevoked.subject, { grantId: 1, userId: 7, ipcMac, permissionCode: 'p', reason: 'device-unbound' });
    expect(parseEventEnvelope(revoked('06:62:6e:63:fb:a5')).data).toMatchObject({ ipcMac: '06626E63FBA5' });
    expect(parseEventEnvelope(revoked(null)).data).toMatchObject({ ipcMac: null });
  });

  it.each([
    ['an unknown type', envelope('dcp.sso.user.exploded.v1', {})],
    ['a payload missing a field', envelope(EVENTS.userDeleted.subject, { userId: 7, openId: 'o', clientId: 'c' })],
    ['a payload with an extra field', envelope(EVENTS.userDeleted.subject, { userId: 7, openId: 'o', clientId: 'c', uuid: 'u', x: 1 })],
    ['a wrong reason', envelope(EVENTS.deviceUnbound.subject, { macAddr: 'AABBCCDDEEFF', userId: 1, reason: 'boredom' })],
    ['a macAddr that is not a MAC', envelope(EVENTS.deviceUnbound.subject, { macAddr: 'AA', userId: 1, reason: 'user' })],
    ['an ipcMac that is not a MAC', envelope(EVENTS.grantRevoked.subject, { grantId: 1, userId: 1, ipcMac: 'AA:BB', permissionCode: 'p', reason: 'device-unbound' })],
    ['a non-uuid id', { ...envelope(EVENTS.userDeleted.subject, { userId: 7, openId: 'o', clientId: 'c', uuid: 'u' }), id: '1' }],
  ])('refuses %s', (_why, env) => {
    expect(() => parseEventEnvelope(env)).toThrow();
  });
});
