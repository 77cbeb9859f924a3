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

  it.each([
    ['an unknown type', envelope('dcp.sso.user.exploded.v1', {})],
    ['a payload missing a field', envelope(EVENTS.userDeleted.subject, { userId: 7, openId: 'o', clientId: 'c' })],
    ['a payload with an extra field', envelope(EVENTS.userDeleted.subject, { userId: 7, openId: 'o', clientId: 'c', uuid: 'u', x: 1 })],
    ['a wrong reason', envelope(EVENTS.deviceUnbound.subject, { macAddr: 'AA', userId: 1, reason: 'boredom' })],
    ['a non-uuid id', { ...envelope(EVENTS.userDeleted.subject, { userId: 7, openId: 'o', clientId: 'c', uuid: 'u' }), id: '1' }],
  ])('refuses %s', (_why, env) => {
    expect(() => parseEventEnvelope(env)).toThrow();
  });
});
