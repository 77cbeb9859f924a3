/**
 * Issue 23 on permission-service: the operator's grant list with each of its filters and the device view's
 * grants (page and count, first page and after a cursor) and the start-up re-encryption probe of the camera
 * streams (decisions SK5) reach their rows through an index at any size. Pinned on 200,000 grants and 100,000
 * camera streams (generate_series, then ANALYZE): every statement those paths send is captured and its plan
 * asked of PostgreSQL with the same parameters; none may scan a whole table.
 */
import { ADMIN_LOOKUP_RPC, PERMISSION_RPC } from '@dcp/contracts';
import { blocksTouching, captureStatements, describeWithInfra, plansTouching } from '@dcp/testing';
import { GRANT_PAGES, GRANT_PAGES_BY_END } from '../src/grants/list-grants.use-case';
import { CameraStreamRepository } from '../src/streams/camera-stream.repository';
import { StreamSecrets } from '../src/streams/stream-secrets';
import { type PermissionHarness, startPermissionHarness } from './permission-harness';

const GRANTS = 200_000;
const STREAMS = 100_000;
/** Grants per user in the seed (user N holds grants N, N + 20 000, …); a device (MAC) has two. */
const USERS = 20_000;
const BIG_TABLES = ['grant', 'camera_stream'];
const DAY_MS = 86_400_000;
/** Activated grants up to this id are over, the newer active: the active grants are the newest fifth. */
const OVER_UP_TO = 160_000;
/** Pages a page's ids may touch, first page or deep: a few index pages (a walk past 100,000 grants touches hundreds). */
const PAGE_BLOCKS = 60;
/** Pages a probe may touch: two descents of the key-prefix index (a walk of its 100,000 entries touches hundreds). */
const PROBE_BLOCKS = 20;

describeWithInfra(['postgres'], 'permission-service: query plans at scale (PostgreSQL)', () => {
  let h: PermissionHarness;
  let prefix: string;

  beforeAll(async () => {
    h = await startPermissionHarness();
    prefix = h.module.get(StreamSecrets).currentPrefix;
    for (const [code, type] of [['cloud-30', 1], ['free-7', 2], ['cloud-365', 1], ['promo-1', 3]] as const) {
      await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: code, permissionName: code, permissionType: type, durationDays: 30 } });
    }
    const now = new Date(h.clock.now()).toISOString();
    // States as a fleet has them: one in ten waiting, one revoked, and of the activated ones the oldest four in
    // five over, the newest active (a plan lasts weeks; grants pile up for years).
    await h.sql.query(
      `INSERT INTO permission."grant" (user_id, open_id, permission_id, ipc_mac, grant_status, init_time, start_time, end_time, revoked_at)
       SELECT 1000000 + i % ${USERS}, 'scale-open-' || (i % ${USERS}), (SELECT min(id) FROM permission.permission) + i % 4,
         CASE WHEN i % 10 = 8 THEN NULL ELSE upper(lpad(to_hex(i / 2), 12, '0')) END,
         CASE WHEN i % 10 = 8 THEN 1 ELSE 3 END, $1::timestamptz - interval '60 days',
         CASE WHEN i % 10 = 8 THEN NULL ELSE $1::timestamptz - interval '40 days' END,
         CASE WHEN i % 10 = 8 THEN NULL WHEN i <= ${OVER_UP_TO} THEN $1::timestamptz - (i % 97) * interval '1 hour' ELSE $1::timestamptz + (i % 89) * interval '1 hour' END,
         CASE WHEN i % 10 = 9 THEN $1::timestamptz - interval '1 day' END
       FROM generate_series(1, ${GRANTS}) i`,
      [now],
    );
    // Every streamId under the current key, as after a completed re-encryption: the probe must find none, fast.
    await h.sql.query(
      `INSERT INTO permission.camera_stream (ipc_mac, user_id, user_tag, stream_ciphertext)
       SELECT upper(lpad(to_hex(i), 12, '0')), 1000000 + i % ${USERS}, 'tag', $1 || md5(i::text) FROM generate_series(1, ${STREAMS}) i`,
      [prefix],
    );
    await h.sql.query('ANALYZE permission."grant"');
    await h.sql.query('ANALYZE permission.camera_stream');
  }, 60_000);
  afterAll(() => h?.close());

  it.each<[string, Record<string, string>]>([
    ['no filter', {}],
    ['one user', { openId: 'scale-open-77' }],
    ['one device', { ipcMac: '00000000004D' }],
    ['one plan', { permissionCode: 'free-7' }],
    ['waiting', { state: 'waiting' }],
    ['active', { state: 'active' }],
    ['over', { state: 'over' }],
    ['revoked', { state: 'revoked' }],
    ['one user, active', { openId: 'scale-open-77', state: 'active' }],
    ['one plan, revoked', { permissionCode: 'free-7', state: 'revoked' }],
  ])('grants, %s: page, count and the page after a cursor through an index', async (_name, filter) => {
    const { statements } = await captureStatements(async () => {
      // A device has two grants: one a page, so that there is a page after.
      const first = await h.rpc(PERMISSION_RPC.listGrants, { ...filter, limit: '1' });
      expect(first.items).toHaveLength(1);
      expect(first.nextCursor).not.toBeNull();
      const next = await h.rpc(PERMISSION_RPC.listGrants, { ...filter, limit: '1', cursor: first.nextCursor });
      // Creation order, or by end for active and over: another grant either way.
      expect(next.items[0].grantId).not.toBe(first.items[0].grantId);
    });
    const plans = await plansTouching(h.sql, statements, BIG_TABLES);
    // Per page: its ids, its count, its rows by id.
    expect(plans.length).toBeGreaterThanOrEqual(6);
    expect(plans.filter((p) => p.wholeTableScans.length > 0)).toEqual([]);
  });

  it.each<[string, Record<string, string>]>([
    ['no filter', {}],
    ['waiting', { state: 'waiting' }],
    ['active (the newest fifth)', { state: 'active' }],
    ['over', { state: 'over' }],
    ['revoked', { state: 'revoked' }],
    ['one plan', { permissionCode: 'free-7' }],
  ])('grants, %s: the first page and a page deep after a cursor each read a few index pages', async (_name, query) => {
    const filters = { openId: undefined, permissionCode: query.permissionCode, ipcMac: undefined, state: query.state };
    const byEnd = query.state === 'active' || query.state === 'over';
    // A grant half-way along the list's order, as the page before it would have ended.
    const { rows } = await h.sql.query<{ id: string; ends: string | null }>(
      `SELECT id::text, (extract(epoch FROM end_time) * 1000)::bigint::text AS ends FROM permission."grant" WHERE id = ANY($1::bigint[])`,
      [[query.state === 'active' ? 180_000 : 100_000, 100_001, 100_002, 100_003, 100_004, 100_005, 100_006, 100_007, 100_008, 100_009, 180_001, 180_002, 180_003, 180_004, 180_005]],
    );
    const middle = rows.find((r) => (query.state === 'waiting' ? Number(r.id) % 10 === 8 : query.state === 'revoked' ? Number(r.id) % 10 === 9 : query.permissionCode ? Number(r.id) % 4 === 1 : Number(r.id) % 10 < 8 && (query.state !== 'active' || Number(r.id) > OVER_UP_TO)))!;
    const deep = byEnd
      ? GRANT_PAGES_BY_END.answer([middle, middle], GRANT_PAGES_BY_END.resolve({ limit: '1' }, filters), filters, { total: 0, totalIsEstimate: false }, (r) => [Number(r.ends), Number(r.id)], (r) => r).nextCursor
      : GRANT_PAGES.answer([middle, middle], GRANT_PAGES.resolve({ limit: '1' }, filters), filters, { total: 0, totalIsEstimate: false }, (r) => [Number(r.id)], (r) => r).nextCursor;
    const { statements } = await captureStatements(async () => {
      expect((await h.rpc(PERMISSION_RPC.listGrants, { ...query, limit: '20' })).items).toHaveLength(20);
      expect((await h.rpc(PERMISSION_RPC.listGrants, { ...query, limit: '20', cursor: deep })).items).toHaveLength(20);
    });
    const pages = (await blocksTouching(h.sql, statements, BIG_TABLES)).filter((c) => c.statement.startsWith('SELECT g.id'));
    expect(pages).toHaveLength(2);
    expect(pages.filter((p) => p.blocks > PAGE_BLOCKS)).toEqual([]);
  });

  it("a user's grants on one device (the device view), first page and after a cursor", async () => {
    const { statements } = await captureStatements(async () => {
      const first = await h.rpc(ADMIN_LOOKUP_RPC.deviceGrants, { userId: 1_000_002, macAddr: '000000000001', limit: 1 });
      expect(first).toMatchObject({ total: 1, totalIsEstimate: false });
      await h.rpc(ADMIN_LOOKUP_RPC.deviceGrants, { userId: 1_000_002, macAddr: '000000000001', limit: 1, cursor: first.nextCursor ?? undefined });
    });
    const plans = await plansTouching(h.sql, statements, BIG_TABLES);
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(plans.filter((p) => p.wholeTableScans.length > 0)).toEqual([]);
  });

  it('the totals: an estimate for a state most grants are in, exact for one user', async () => {
    const over = await h.rpc(PERMISSION_RPC.listGrants, { state: 'over', limit: '1' });
    expect(over.totalIsEstimate).toBe(true);
    // Most grants are over; the planner's estimate has the order of magnitude, not the count.
    expect(over.total).toBeGreaterThan((OVER_UP_TO * 0.8) / 3);
    expect(over.total).toBeLessThan(GRANTS);
    expect(await h.rpc(PERMISSION_RPC.listGrants, { openId: 'scale-open-77', limit: '1' })).toMatchObject({ total: GRANTS / USERS, totalIsEstimate: false });
    // The state at the service clock's now: 21 days on, the active grants are over.
    h.clock.advance((21 * DAY_MS) / 1000);
    expect(await h.rpc(PERMISSION_RPC.listGrants, { state: 'active', limit: '1' })).toMatchObject({ items: [], total: 0, totalIsEstimate: false, nextCursor: null });
  });

  it('the start-up probe for streamIds under an old key: index range scans beside the current prefix', async () => {
    const streams = h.module.get(CameraStreamRepository);
    const { statements } = await captureStatements(async () => {
      expect(await streams.stale(undefined, 200, prefix)).toEqual([]);
      expect(await streams.stale({ id: 12, ipcMac: '00000000000C', userId: 1, userTag: 'tag', streamCiphertext: 'v1.old' }, 200, prefix)).toEqual([]);
    });
    const plans = await plansTouching(h.sql, statements, BIG_TABLES);
    expect(plans).toHaveLength(2);
    expect(plans.filter((p) => p.wholeTableScans.length > 0)).toEqual([]);
    expect(plans.map((p) => [...new Set(p.indexes)])).toEqual([['camera_stream_stream_key_prefix_idx'], ['camera_stream_stream_key_prefix_idx']]);
    // An index walked from its start is no sequential scan: what each probe touched says it read two index descents.
    expect((await blocksTouching(h.sql, statements, BIG_TABLES)).filter((c) => c.blocks > PROBE_BLOCKS)).toEqual([]);
  });
});
