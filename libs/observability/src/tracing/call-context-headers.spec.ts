import { callContextFromHeaders, checkedCallContext, writeCallContextHeaders } from './call-context-headers';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

function written(ctx: Parameters<typeof writeCallContextHeaders>[0]): Map<string, string> {
  const headers = new Map<string, string>();
  writeCallContextHeaders(ctx, (name, value) => headers.set(name, value));
  return headers;
}

describe('call context headers', () => {
  it('carries request id, traceparent and tracestate there and back', () => {
    const ctx = { requestId: 'req-1', traceparent: TRACEPARENT, tracestate: 'vendor=abc' };
    const headers = written(ctx);
    expect(Object.fromEntries(headers)).toEqual({ traceparent: TRACEPARENT, tracestate: 'vendor=abc', 'x-request-id': 'req-1' });
    expect(callContextFromHeaders((name) => headers.get(name))).toEqual(ctx);
  });

  it('writes nothing outside a call, and only the fields that are set', () => {
    expect(written(undefined).size).toBe(0);
    expect([...written({ requestId: 'req-2' }).keys()]).toEqual(['x-request-id']);
  });

  it('reads no context from headers that carry none', () => {
    expect(callContextFromHeaders(() => undefined)).toBeUndefined();
  });

  it('drops a malformed traceparent together with its tracestate, and keeps the request id', () => {
    const headers = new Map([
      ['traceparent', '00-not-a-trace-01'],
      ['tracestate', 'vendor=abc'],
      ['x-request-id', 'req-3'],
    ]);
    expect(callContextFromHeaders((name) => headers.get(name))).toEqual({ requestId: 'req-3', traceparent: undefined, tracestate: undefined });
  });

  it('ignores an unsafe request id and an oversized tracestate', () => {
    expect(checkedCallContext({ requestId: 'bad id\n{"level":60}', traceparent: TRACEPARENT, tracestate: 'x'.repeat(513) })).toEqual({
      requestId: undefined,
      traceparent: TRACEPARENT,
      tracestate: undefined,
    });
    expect(checkedCallContext({ requestId: 'x'.repeat(101) })).toBeUndefined();
  });
});
