/**
 * The data migration to the canonical MAC of 12 hex digits (docs/decisions.md D1, D25) against real
 * PostgreSQL: a database as the previous release left it (migrations up to the one before
 * `mac_canonical_hex`, grants stored with `ipc_mac` in the colon form) is migrated, and then every operation
 * finds those grants by the canonical MAC: the admin views, the two queries, the current service, activation
 * of a grant tied to the device, and the device.unbound reaction.
 */
import { ErrorCode, EVENTS, PERMISSION_RPC } from '@dcp/contracts';
import { migrateService, migrationNames, serviceDatabase } from '@dcp/database';
import { describeWithInfra } from '@dcp/testing';
import { Client } from 'pg';
import { type PermissionHarness, type TestUser, rejection, startPermissionHarness } from './permission-harness';

const MIGRATION = '_mac_canonical_hex';
const DAY_MS = 86_400_000;
const ann: TestUser = { userId: 7101, openId: 'open-7101', clientId: 'client-1', uuid: 'uuid-7101' };
const bob: TestUser = { userId: 7102, openId: 'open-7102', clientId: 'client-1', uuid: 'uuid-7102' };

/** The migrations before ours, colon-form rows, then the rest. */
async function previousReleaseDatabase(url: string, now: number): Promise<Record<string, number>> {
  const def = serviceDatabase('permission');
  const names = migrationNames(def);
  const ours = names.findIndex((n) => n.endsWith(MIGRATION));
  expect(ours).toBeGreaterThan(0);
  expect((await migrateService(def, { kind: 'postgres', url }, { upTo: names[ours - 1] })).applied).toEqual(names.slice(0, ours));

  const sql = new Client({ connectionString: url });
  await sql.connect();
  const ids: Record<string, number> = {};
  try {
    const plan = async (code: string, type: number, days: number) =>
      (await sql.query(`INSERT INTO permission.permission (permission_code, permission_name, permission_type, duration_days) VALUES ($1, $1, $2, $3) RETURNING id`, [code, type, days])).rows[0].id as number;
    const paid = await plan('paid-30', 1, 30);
    const free = await plan('free-7', 2, 7);
    const grant = async (name: string, user: TestUser, permissionId: number, ipcMac: string | null, status: number, start?: number, end?: number) => {
      const { rows } = await sql.query(
        `INSERT INTO permission."grant" (user_id, open_id, permission_id, ipc_mac, grant_status, init_time, start_time, end_time) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::int AS id`,
        [user.userId, user.openId, permissionId, ipcMac, status, new Date(now - DAY_MS), start === undefined ? null : new Date(start), end === undefined ? null : new Date(end)],
      );
      ids[name] = rows[0].id;
    };
    // ann: a paid grant in service on her camera, a paid grant waiting for it, a free grant in service on her second camera.
    await grant('active', ann, paid, 'AA:BB:CC:DD:EE:01', 3, now - DAY_MS, now + 29 * DAY_MS);
    await grant('tied', ann, paid, 'AA:BB:CC:DD:EE:01', 1);
    await grant('second', ann, free, 'AA:BB:CC:DD:EE:02', 3, now - DAY_MS, now + 6 * DAY_MS);
    await grant('loose', ann, paid, null, 1);
    // bob: a grant in service on his camera.
    await grant('bobs', bob, paid, 'AA:BB:CC:DD:EE:03', 3, now - DAY_MS, now + 29 * DAY_MS);
  } finally {
    await sql.end();
  }
  expect((await migrateService(def, { kind: 'postgres', url })).applied).toEqual(names.slice(ours));
  return ids;
}

describeWithInfra(['postgres'], 'permission-service: grants stored in the colon form, after the migration to 12 hex digits (PostgreSQL)', () => {
  let h: PermissionHarness;
  let ids: Record<string, number>;

  beforeAll(async () => {
    h = await startPermissionHarness({
      prepareDatabase: async (url) => {
        ids = await previousReleaseDatabase(url, Date.now());
      },
    });
    // device-service (migrated as well) answers with the canonical form.
    h.bind(ann, 'AABBCCDDEE01', 1);
    h.bind(ann, 'AABBCCDDEE02', 0);
    h.bind(bob, 'AABBCCDDEE03', 1);
  });
  afterAll(() => h?.close());

  it('stores every ipc_mac in the canonical form, in a column of 12 characters', async () => {
    const { rows } = await h.sql.query(`SELECT id::int AS id, ipc_mac FROM permission."grant" ORDER BY id`);
    expect(rows).toEqual([
      { id: ids.active, ipc_mac: 'AABBCCDDEE01' },
      { id: ids.tied, ipc_mac: 'AABBCCDDEE01' },
      { id: ids.second, ipc_mac: 'AABBCCDDEE02' },
      { id: ids.loose, ipc_mac: null },
      { id: ids.bobs, ipc_mac: 'AABBCCDDEE03' },
    ]);
    const column = await h.sql.query(`SELECT character_maximum_length AS n FROM information_schema.columns WHERE table_schema = 'permission' AND table_name = 'grant' AND column_name = 'ipc_mac'`);
    expect(column.rows).toEqual([{ n: 12 }]);
  });

  it('the admin API answers the grants with the canonical ipcMac', async () => {
    expect(await h.rpc(PERMISSION_RPC.getGrant, { grantId: String(ids.active) })).toMatchObject({ grantId: ids.active, openId: ann.openId, ipcMac: 'AABBCCDDEE01', grantStatus: 3 });
    const list = await h.rpc(PERMISSION_RPC.listGrants, { openId: ann.openId });
    expect(list.items.map((g) => [g.grantId, g.ipcMac])).toEqual([
      [ids.active, 'AABBCCDDEE01'],
      [ids.tied, 'AABBCCDDEE01'],
      [ids.second, 'AABBCCDDEE02'],
      [ids.loose, null],
    ]);
  });

  it('the queries and the current service find them by the canonical MAC, whatever spelling the app sends', async () => {
    const valid = await h.gateway('permission.query_user_ipcs_valid', ann);
    expect((valid.data as Array<{ grantId: number; ipcMac: string }>).map((g) => [g.grantId, g.ipcMac])).toEqual(
      expect.arrayContaining([
        [ids.active, 'AABBCCDDEE01'],
        [ids.second, 'AABBCCDDEE02'],
      ]),
    );
    const waiting = await h.gateway('permission.query_user_not_active', ann, { supportBpi: '1' });
    expect((waiting.data as Array<{ grantId: number; ipcMac: string }>).map((g) => [g.grantId, g.ipcMac])).toEqual([
      [ids.tied, 'AABBCCDDEE01'],
      [ids.loose, ''],
    ]);
    for (const macAddr of ['AABBCCDDEE01', 'aa:bb:cc:dd:ee:01', 'AA-BB-CC-DD-EE-01']) {
      expect((await h.gateway('fcmall.get_current_service', ann, { macAddr })).data).toMatchObject({ userId: ann.userId, macAddr: 'AABBCCDDEE01', status: 3, flag: 1, name: 'paid-30' });
    }
    expect((await h.gateway('fcmall.get_current_service', bob, { macAddr: 'aabbccddee03' })).data).toMatchObject({ macAddr: 'AABBCCDDEE03', status: 3, flag: 1 });
  });

  it('a grant tied to the device activates on it (and on no other device)', async () => {
    expect((await rejection(h.gateway('permission.active', ann, { grantId: String(ids.tied), ipcMac: 'AABBCCDDEE02' }))).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC);
    await expect(h.gateway('permission.active', ann, { grantId: String(ids.tied), ipcMac: 'AABBCCDDEE01' })).resolves.toEqual({});
    expect(await h.rpc(PERMISSION_RPC.getGrant, { grantId: String(ids.tied) })).toMatchObject({ grantStatus: 3, ipcMac: 'AABBCCDDEE01' });
  });

  it('device.unbound ends the migrated grants of that device and announces them in the canonical form', async () => {
    h.unbind(ann, 'AABBCCDDEE01');
    expect((await h.deliver('deviceUnbound', { macAddr: 'AABBCCDDEE01', userId: ann.userId, reason: 'user' })).outcome).toBe('applied');
    const { rows } = await h.sql.query(`SELECT id::int AS id, revoke_reason FROM permission."grant" WHERE user_id = $1 ORDER BY id`, [ann.userId]);
    expect(rows).toEqual([
      { id: ids.active, revoke_reason: 'device-unbound' },
      { id: ids.tied, revoke_reason: 'device-unbound' },
      { id: ids.second, revoke_reason: null },
      { id: ids.loose, revoke_reason: null },
    ]);
    const events = await h.sql.query(`SELECT payload->'data' AS data FROM permission.outbox_event WHERE subject = $1 ORDER BY seq`, [EVENTS.grantRevoked.subject]);
    expect(events.rows.map((r) => r.data)).toEqual([
      { grantId: ids.active, userId: ann.userId, ipcMac: 'AABBCCDDEE01', permissionCode: 'paid-30', reason: 'device-unbound' },
      { grantId: ids.tied, userId: ann.userId, ipcMac: 'AABBCCDDEE01', permissionCode: 'paid-30', reason: 'device-unbound' },
    ]);
  });
});
