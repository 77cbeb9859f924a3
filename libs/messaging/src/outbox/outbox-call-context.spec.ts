import { parseEventEnvelope } from '@dcp/contracts';
import { runWithCallContext } from '@dcp/observability';
import { buildEvent } from '../build-event';
import { outboxRow } from './outbox-row';

const CALLER = { requestId: 'req-9', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=abc' };
const payload = { userId: 7, openId: 'open-7', clientId: 'client-1', uuid: 'uuid-7' };

describe('the call context of an event through the outbox', () => {
  it('is stored in the outbox row\'s envelope and read back from it unchanged', () => {
    const event = runWithCallContext(CALLER, () => buildEvent('userDeleted', payload));
    const row = outboxRow(event);
    expect(row.payload.callContext).toEqual(CALLER);
    expect(parseEventEnvelope(JSON.parse(JSON.stringify(row.payload))).callContext).toEqual(CALLER);
  });

  it('keeps only the fields that are set (a call without trace state)', () => {
    const event = runWithCallContext({ requestId: 'req-10', traceparent: CALLER.traceparent }, () => buildEvent('userDeleted', payload));
    expect(outboxRow(event).payload.callContext).toEqual({ requestId: 'req-10', traceparent: CALLER.traceparent });
  });

  it('is absent for an event built outside any call (rows as before)', () => {
    expect(Object.keys(outboxRow(buildEvent('userDeleted', payload)).payload)).toEqual(['id', 'type', 'occurredAt', 'source', 'data']);
  });

  it('is dropped, not fatal, when a stored envelope holds a context of the wrong shape', () => {
    const event = buildEvent('userDeleted', payload);
    for (const callContext of ['00-abc', { requestId: 'r', extra: true }]) {
      const parsed = parseEventEnvelope({ ...event, callContext });
      expect(parsed.callContext).toBeUndefined();
      expect(parsed.data).toEqual(payload);
    }
  });

  it('loses only the field that is out of bounds', () => {
    const event = buildEvent('userDeleted', payload);
    const parsed = parseEventEnvelope({ ...event, callContext: { ...CALLER, tracestate: 'x'.repeat(600), traceparent: 42 } });
    expect(JSON.parse(JSON.stringify(parsed.callContext))).toEqual({ requestId: 'req-9' });
  });
});
