import { EVENTS, parseEventEnvelope } from '@dcp/contracts';
import { runWithCallContext } from '@dcp/observability';
import { buildEvent, draftEvent } from './build-event';

describe('draftEvent (an event a statement completes, decisions OB2)', () => {
  it('holds the envelope without data and the known data fields, both as JSON', () => {
    const draft = draftEvent('userUpdated', { clientId: 'client-1', uuid: 'merchant-user-1' }, ['userId', 'openId', 'created']);
    const envelope = JSON.parse(draft.envelope) as Record<string, unknown>;
    expect(envelope).toEqual({ id: draft.id, type: EVENTS.userUpdated.subject, occurredAt: expect.any(String), source: 'sso-service' });
    expect(draft.subject).toBe(EVENTS.userUpdated.subject);
    expect(JSON.parse(draft.data)).toEqual({ clientId: 'client-1', uuid: 'merchant-user-1' });
    // What the statement adds makes a valid envelope (jsonb's `||` merges the same way).
    const completed = { ...envelope, data: { ...JSON.parse(draft.data), userId: 7, openId: 'o7', created: true } };
    expect(parseEventEnvelope(completed).data).toEqual({ clientId: 'client-1', uuid: 'merchant-user-1', userId: 7, openId: 'o7', created: true });
  });

  it('validates what the caller knows, and refuses fields it does not name', () => {
    expect(() => draftEvent('userUpdated', { clientId: '', uuid: 'u' }, ['userId', 'openId', 'created'])).toThrow();
    expect(() => draftEvent('userUpdated', { clientId: 'c', uuid: 'u', stray: 1 } as never, ['userId', 'openId', 'created'])).toThrow();
    // A field left to the statement but given anyway is not one the draft knows.
    expect(() => draftEvent('userUpdated', { clientId: 'c', uuid: 'u', userId: 1 } as never, ['userId', 'openId', 'created'])).toThrow();
  });

  it('carries the call context it is drafted in, as buildEvent does', () => {
    const ctx = { requestId: 'req-1', traceparent: '00-0123456789abcdef0123456789abcdef-0123456789abcdef-01' };
    const draft = runWithCallContext(ctx, () => draftEvent('userUpdated', { clientId: 'c', uuid: 'u' }, ['userId', 'openId', 'created']));
    const built = runWithCallContext(ctx, () => buildEvent('userDeleted', { userId: 1, openId: 'o', clientId: 'c', uuid: 'u' }));
    expect((JSON.parse(draft.envelope) as { callContext: unknown }).callContext).toEqual(built.callContext);
  });
});
