import { toAuditEntryView } from './admin-audit.mapper';

describe('toAuditEntryView', () => {
  it('gives times as ISO strings and absent JSON as {} (params, query) or null (body)', () => {
    const view = toAuditEntryView({
      id: 'e1',
      seq: '1',
      requestedAt: new Date('2026-01-01T00:00:00.123Z'),
      completedAt: null,
      actorName: 'alice',
      actorRole: 'full',
      method: 'POST',
      route: null,
      operationId: null,
      tag: null,
      path: '/admin/v1/x',
      params: null,
      query: null,
      body: null,
      bodyBytes: null,
      bodySha256: null,
      requestId: null,
      clientRequestId: null,
      result: 'pending',
      status: null,
      errorCode: null,
    });
    expect(view).toMatchObject({ at: '2026-01-01T00:00:00.123Z', completedAt: null, actor: { name: 'alice', role: 'full' }, params: {}, query: {}, body: null });
  });
});
