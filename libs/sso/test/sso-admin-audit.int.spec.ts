/**
 * The admin audit log (libs/admin-audit) as sso-service hosts it (`dcp.rpc.sso.admin.audit.*`, docs/decisions.md
 * AU3–AU6) on real PostgreSQL, in sso's schema and migrations: record (pending, or refused at once), complete
 * (once), list newest first with filters and paging, parameter validation, the retention purge, and the
 * operations counted under service="sso".
 */
import { ErrorCode, type RecordAuditRequest, SSO_AUDIT_RPC } from '@dcp/contracts';
import { AdminAuditPurger } from '@dcp/admin-audit';
import { describeWithInfra } from '@dcp/testing';
import { rejection, startSsoHarness, type SsoHarness } from './sso-harness';

const DAY_S = 24 * 3600;

function entry(overrides: Partial<RecordAuditRequest> & { path?: string; tag?: string } = {}): RecordAuditRequest {
  const { path = '/admin/v1/merchants', tag = 'merchants', ...rest } = overrides;
  return {
    actor: { name: 'alice', role: 'full' },
    method: 'POST',
    request: { route: '/admin/v1/merchants', operationId: 'postMerchants', tag, path, params: {}, query: {}, body: { name: 'Acme' }, bodyBytes: null },
    requestId: 'req-1',
    ...rest,
  };
}

describeWithInfra(['postgres'], 'sso: admin audit log (PostgreSQL)', () => {
  let h: SsoHarness;
  const list = (query: Record<string, unknown> = {}) => h.rpc(SSO_AUDIT_RPC.list, { query });

  beforeAll(async () => {
    h = await startSsoHarness();
  });
  afterAll(() => h?.close());

  it('records a call pending, completes it once with its answer, and lists it as recorded', async () => {
    const at = h.clock.now();
    const { id } = await h.rpc(SSO_AUDIT_RPC.record, entry({ requestId: 'req-pending' }));
    const pending = (await list({ actor: 'alice' })).items.find((e) => e.id === id)!;
    expect(pending).toMatchObject({
      at: new Date(at).toISOString(),
      completedAt: null,
      actor: { name: 'alice', role: 'full' },
      method: 'POST',
      route: '/admin/v1/merchants',
      operationId: 'postMerchants',
      tag: 'merchants',
      path: '/admin/v1/merchants',
      params: {},
      query: {},
      body: { name: 'Acme' },
      bodyBytes: null,
      requestId: 'req-pending',
      result: 'pending',
      status: null,
      errorCode: null,
    });

    h.clock.advance(1);
    await expect(h.rpc(SSO_AUDIT_RPC.complete, { id, outcome: { status: 201, errorCode: null } })).resolves.toEqual({ completed: true });
    // A second answer for the same entry changes nothing: the first one stays.
    await expect(h.rpc(SSO_AUDIT_RPC.complete, { id, outcome: { status: 500, errorCode: '000099' } })).resolves.toEqual({ completed: false });
    const done = (await list()).items.find((e) => e.id === id)!;
    expect(done).toMatchObject({ result: 'ok', status: 201, errorCode: null, completedAt: new Date(at + 1000).toISOString() });
  });

  it('records a refusal complete at once; a 5xx answer is "failed"; a raw body is its byte count only', async () => {
    const { id: refused } = await h.rpc(SSO_AUDIT_RPC.record, entry({ actor: { name: 'ci-bot', role: 'read-only' }, outcome: { status: 403, errorCode: 'AD0403' } }));
    const { id: failed } = await h.rpc(SSO_AUDIT_RPC.record, entry());
    await h.rpc(SSO_AUDIT_RPC.complete, { id: failed, outcome: { status: 500, errorCode: '000099' } });
    const segment = entry({
      request: { route: '/admin/v1/devices/{devId}/segments', operationId: 'postDevicesDevIdSegments', tag: 'recordings', path: '/admin/v1/devices/AABBCCDDEEFF/segments', params: { devId: 'AABBCCDDEEFF' }, query: { start: '1', duration: '2', type: '1' }, body: null, bodyBytes: 188 },
    });
    const { id: raw } = await h.rpc(SSO_AUDIT_RPC.record, segment);
    const items = (await list()).items;
    expect(items.find((e) => e.id === refused)).toMatchObject({ actor: { name: 'ci-bot', role: 'read-only' }, result: 'refused', status: 403, errorCode: 'AD0403', completedAt: expect.any(String) });
    expect(items.find((e) => e.id === failed)).toMatchObject({ result: 'failed', status: 500, errorCode: '000099' });
    expect(items.find((e) => e.id === raw)).toMatchObject({ body: null, bodyBytes: 188, params: { devId: 'AABBCCDDEEFF' }, query: { start: '1', duration: '2', type: '1' } });
  });

  it('keeps a refused call\'s body as its size and SHA-256, and the caller\'s request id beside the platform\'s (SDB1, SDB3)', async () => {
    const sha256 = 'ab'.repeat(32);
    const refused = entry({
      actor: { name: 'ci-bot', role: 'read-only' },
      method: 'PUT',
      request: { route: '/admin/v1/maintenance', operationId: 'putMaintenance', tag: 'maintenance', path: '/admin/v1/maintenance', params: {}, query: {}, body: null, bodyBytes: 61_440, bodySha256: sha256 },
      requestId: '4f6c2b1e-0000-4000-8000-000000000001',
      clientRequestId: 'victim-request-0001',
      outcome: { status: 403, errorCode: 'AD0403' },
    });
    const { id } = await h.rpc(SSO_AUDIT_RPC.record, refused);
    expect((await list({ actor: 'ci-bot' })).items.find((e) => e.id === id)).toMatchObject({
      body: null,
      bodyBytes: 61_440,
      bodySha256: sha256,
      requestId: '4f6c2b1e-0000-4000-8000-000000000001',
      clientRequestId: 'victim-request-0001',
    });
    // An edge of an earlier release sends neither: both are null.
    const { id: older } = await h.rpc(SSO_AUDIT_RPC.record, entry());
    expect((await list()).items.find((e) => e.id === older)).toMatchObject({ bodySha256: null, clientRequestId: null });
    const bad = await rejection(h.rpc(SSO_AUDIT_RPC.record, entry({ request: { ...refused.request, bodySha256: 'not-a-digest' } })));
    expect(bad.code).toBe(ErrorCode.FC_INVALID_PARAMETER);
  });

  it('reports the log\'s entries and size on disk as gauges, measured by the periodic purge (SDB4)', async () => {
    await h.module.get(AdminAuditPurger).purgeOnce();
    const { total } = await list();
    const metrics = await h.runtime.metrics.render();
    expect(metrics).toContain(`dcp_admin_audit_entries ${total}`);
    const bytes = Number(/^dcp_admin_audit_table_bytes (\d+)$/m.exec(metrics)?.[1]);
    expect(bytes).toBeGreaterThan(8192);
    await h.rpc(SSO_AUDIT_RPC.record, entry());
    await h.module.get(AdminAuditPurger).purgeOnce();
    expect(await h.runtime.metrics.render()).toContain(`dcp_admin_audit_entries ${total + 1}`);
  });

  describe('list', () => {
    const ids: string[] = [];
    let start: number;

    beforeAll(async () => {
      h.clock.advance(3600);
      start = h.clock.now();
      // Five entries one second apart by two actors, on two areas, with every result.
      const specs: RecordAuditRequest[] = [
        entry({ actor: { name: 'paging-a', role: 'full' }, path: '/admin/v1/merchants', tag: 'merchants' }),
        entry({ actor: { name: 'paging-a', role: 'full' }, method: 'PATCH', path: '/admin/v1/merchants/m_1', tag: 'merchants', outcome: { status: 404, errorCode: 'AD0404' } }),
        entry({ actor: { name: 'paging-b', role: 'read-only' }, method: 'DELETE', path: '/admin/v1/grants/7', tag: 'grants', outcome: { status: 403, errorCode: 'AD0403' } }),
        entry({ actor: { name: 'paging-a', role: 'full' }, method: 'PUT', path: '/admin/v1/maintenance', tag: 'maintenance' }),
        entry({ actor: { name: 'paging-a', role: 'full' }, path: '/admin/v1/merchants_x', tag: 'merchants' }),
      ];
      for (const spec of specs) {
        ids.push((await h.rpc(SSO_AUDIT_RPC.record, spec)).id);
        h.clock.advance(1);
      }
      await h.rpc(SSO_AUDIT_RPC.complete, { id: ids[0], outcome: { status: 201, errorCode: null } });
    });

    const since = () => new Date(start).toISOString();

    it('lists newest first with the total, paged by limit and offset', async () => {
      const all = await list({ from: since() });
      expect(all.total).toBe(5);
      expect(all.items.map((e) => e.id)).toEqual([...ids].reverse());
      const page = await list({ from: since(), limit: '2', offset: '1' });
      expect(page).toEqual({ items: all.items.slice(1, 3), total: 5, totalIsEstimate: false, nextCursor: expect.any(String) });
      expect(await list({ from: since(), limit: '2', cursor: page.nextCursor })).toEqual({ items: all.items.slice(3, 5), total: 5, totalIsEstimate: false, nextCursor: null });
    });

    it('filters by actor, method, tag and result', async () => {
      const ids$ = async (query: Record<string, string>) => (await list({ from: since(), ...query })).items.map((e) => e.id);
      expect(await ids$({ actor: 'paging-b' })).toEqual([ids[2]]);
      expect(await ids$({ method: 'patch' })).toEqual([ids[1]]);
      expect(await ids$({ tag: 'merchants' })).toEqual([ids[4], ids[1], ids[0]]);
      expect(await ids$({ result: 'refused' })).toEqual([ids[2], ids[1]]);
      expect(await ids$({ result: 'pending' })).toEqual([ids[4], ids[3]]);
      expect(await ids$({ result: 'ok' })).toEqual([ids[0]]);
    });

    it('filters by path prefix, with or without /admin/v1, its wildcards meant literally', async () => {
      const ids$ = async (path: string) => (await list({ from: since(), path })).items.map((e) => e.id);
      expect(await ids$('/merchants')).toEqual([ids[4], ids[1], ids[0]]);
      expect(await ids$('/admin/v1/merchants/')).toEqual([ids[1]]);
      expect(await ids$('/merchants_')).toEqual([ids[4]]);
      expect(await ids$('/merchants%')).toEqual([]);
    });

    it('filters by time: from inclusive, to exclusive', async () => {
      const iso = (s: number) => new Date(start + s * 1000).toISOString();
      expect((await list({ from: iso(1), to: iso(3) })).items.map((e) => e.id)).toEqual([ids[2], ids[1]]);
      // Any offset is accepted: the same instant in +02:00.
      const plusTwo = new Date(start + 2 * 3600 * 1000 + 4000).toISOString().replace('Z', '+02:00');
      expect((await list({ from: plusTwo })).items.map((e) => e.id)).toEqual([ids[4]]);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a limit above 500', { limit: '501' }, 'invalid parameter limit:'],
      ['a limit that is no number', { limit: 'ten' }, 'invalid parameter limit:'],
      ['a negative offset', { offset: '-1' }, 'invalid parameter offset:'],
      ['an unknown method', { method: 'GET' }, 'invalid parameter method:'],
      ['an unknown result', { result: 'done' }, 'invalid parameter result:'],
      ['a path without /', { path: 'merchants' }, 'invalid parameter path: must start with /'],
      ['a time without offset', { from: '2026-01-01T00:00:00' }, 'invalid parameter from:'],
      ['a time that is no time', { to: 'yesterday' }, 'invalid parameter to:'],
      ['to before from', { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'invalid parameter to: must not be before from'],
      ['a repeated parameter', { actor: ['a', 'b'] }, 'invalid parameter actor:'],
      ['an unknown parameter', { who: 'alice' }, 'invalid parameter who: unknown parameter'],
    ])('refuses %s with ADMIN_VALIDATION_FAILED naming the parameter', async (_case, query, details) => {
      const err = await rejection(list(query));
      expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
      expect(err.failureDetails).toContain(details);
    });
  });

  describe('paging by cursor', () => {
    it('walks the log by cursor, newest first, each entry once, while entries are recorded between pages (one millisecond for all: seq orders them)', async () => {
      const walker = { name: 'cursor-walk', role: 'full' as const };
      const recorded: string[] = [];
      for (let i = 0; i < 7; i++) recorded.push((await h.rpc(SSO_AUDIT_RPC.record, entry({ actor: walker }))).id);
      const seen: string[] = [];
      let page = await list({ actor: walker.name, limit: '3' });
      seen.push(...page.items.map((e) => e.id));
      // Newer than every entry listed so far: they belong before the cursor, and do not push older entries into the next page.
      for (let i = 0; i < 2; i++) await h.rpc(SSO_AUDIT_RPC.record, entry({ actor: walker }));
      while (page.nextCursor !== null) {
        page = await list({ actor: walker.name, limit: '3', cursor: page.nextCursor });
        seen.push(...page.items.map((e) => e.id));
      }
      expect(seen).toEqual([...recorded].reverse());
      expect(page.total).toBe(9);
    });

    it('refuses a cursor given with other filters, or edited', async () => {
      const { nextCursor } = await list({ actor: 'cursor-walk', limit: '1' });
      const cursor = nextCursor as string;
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ actor: 'paging-a', limit: '1', cursor }, 'invalid parameter cursor: issued for other filters'],
        [{ actor: 'cursor-walk', limit: '1', cursor: `x${cursor}` }, 'invalid parameter cursor: not a cursor this list answered'],
        [{ actor: 'cursor-walk', limit: '1', cursor, offset: '1' }, 'invalid parameter offset: give cursor or offset, not both'],
        [{ actor: 'cursor-walk', offset: '10001' }, 'invalid parameter offset: must be at most 10000'],
      ];
      for (const [query, details] of refusals) {
        const err = await rejection(list(query));
        expect([err.code, err.failureDetails]).toEqual([ErrorCode.ADMIN_VALIDATION_FAILED, expect.stringContaining(details)]);
      }
    });
  });

  it('purges entries older than AUDIT_RETENTION_DAYS (365 by default) and keeps the newer ones', async () => {
    h.clock.advance(DAY_S);
    const { id: old } = await h.rpc(SSO_AUDIT_RPC.record, entry({ actor: { name: 'retention', role: 'full' } }));
    h.clock.advance(200 * DAY_S);
    const { id: recent } = await h.rpc(SSO_AUDIT_RPC.record, entry({ actor: { name: 'retention', role: 'full' } }));
    h.clock.advance(165 * DAY_S + 1);
    const purged = await h.module.get(AdminAuditPurger).purgeOnce();
    // Everything recorded before this spec's first entry is older still: all gone but `recent`.
    expect(purged.auditEntries).toBeGreaterThanOrEqual(1);
    const left = await list();
    expect(left.items.map((e) => e.id)).toEqual([recent]);
    expect(left.items.map((e) => e.id)).not.toContain(old);
    expect((await h.module.get(AdminAuditPurger).purgeOnce()).auditEntries).toBe(0);
    expect(await h.runtime.metrics.render()).toMatch(/^dcp_sso_purged_rows_total\{kind="audit_entries"\} [1-9]\d*$/m);
  });

  it('is served by sso-service\'s host: its operations count under service="sso" with their labels', async () => {
    const metrics = await h.runtime.metrics.render();
    for (const operation of ['admin.audit.record', 'admin.audit.complete', 'admin.audit.list']) {
      expect(metrics).toMatch(new RegExp(`^dcp_service_operations_total\\{service="sso",[^}]*operation="${operation.replace(/\./g, '\\.')}"[^}]*\\} [1-9]\\d*$`, 'm'));
    }
  });
});
