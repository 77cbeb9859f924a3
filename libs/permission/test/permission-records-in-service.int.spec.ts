/**
 * permission.query_user_ipcs_valid reads its records in one statement (RecordsInService, decisions PF6) and opens
 * each streamId once (SK6). Against real PostgreSQL: its answer is byte for byte what the two ORM reads and the
 * Grant mapper answered (GrantRepository.inServiceOf, CameraStreams.liveOf, toAuthorizationRecord — still the
 * current service's and query_user_not_active's path), on every kind of row that could tell them apart.
 */
import { ErrorCode, PERMISSION_RPC } from '@dcp/contracts';
import { describeWithInfra } from '@dcp/testing';
import { toAuthorizationRecord } from '../src/grants/grant.mapper';
import { GrantRepository } from '../src/grants/grant.repository';
import { CameraStreams } from '../src/streams/camera-streams';
import { StreamSecrets } from '../src/streams/stream-secrets';
import { type PermissionHarness, type TestUser, startPermissionHarness } from './permission-harness';

const DAY_MS = 86_400_000;
const MACS = ['AABBCCDDEE01', 'AABBCCDDEE02', 'AABBCCDDEE03', 'AABBCCDDEE04'];

describeWithInfra(['postgres'], 'permission.query_user_ipcs_valid in one statement (PostgreSQL)', () => {
  let h: PermissionHarness;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    h = await startPermissionHarness();
    await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'paid-30', permissionName: 'Cloud 30 days', permissionType: 1, durationDays: 30, belongServer: 'cloud-eu', channelCount: 2 } });
    await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'free-7', permissionName: 'Semaine «gratuite» 7 días', permissionType: 2, durationDays: 7 } });
    ann = h.user();
    bob = h.user();
    for (const mac of MACS) h.bind(ann, mac);
    h.bind(bob, MACS[0]);
  });
  afterAll(() => h?.close());

  /** The answer as the grants, streams and mapper of before gave it. */
  async function answeredBefore(user: TestUser, now: number): Promise<string> {
    const active = await h.module.get(GrantRepository).inServiceOf(user.userId, now);
    const streams = await h.module.get(CameraStreams).liveOf(user.userId, active.flatMap((g) => (g.ipcMac ? [g.ipcMac] : [])));
    return JSON.stringify(active.map((g) => toAuthorizationRecord(g, g.ipcMac ? streams.get(g.ipcMac) : undefined)));
  }

  it('answers what the ORM reads and the mapper answered, on every kind of row, call after call', async () => {
    const now = h.clock.now();
    // Free grants on a device: active at once, each device with ann's live stream.
    for (const mac of MACS.slice(0, 2)) await h.rpc(PERMISSION_RPC.createGrant, { body: { openId: ann.openId, permissionCode: 'free-7', ipcMac: mac } });
    // bob's own stream on ann's first MAC (another owner's): never on ann's records.
    await h.rpc(PERMISSION_RPC.createGrant, { body: { openId: bob.openId, permissionCode: 'free-7', ipcMac: MACS[0] } });
    const paid = await h.rpc(PERMISSION_RPC.createGrant, { body: { openId: ann.openId, permissionCode: 'paid-30' } });
    await h.gateway('permission.active', ann, { grantId: String(paid.grantId), ipcMac: MACS[2] });
    // The third device's stream revoked (an earlier binding): its record shows no stream.
    await h.sql.query(`UPDATE permission.camera_stream SET revoked_at = now() WHERE ipc_mac = $1 AND user_id = $2`, [MACS[2], ann.userId]);
    const permissionId = async (code: string) => (await h.sql.query(`SELECT id FROM permission.permission WHERE permission_code = $1`, [code])).rows[0].id as number;
    const free = await permissionId('free-7');
    const insert = (values: { id?: number; ipcMac: string | null; status: number; init: number; start: number | null; end: number | null; revoked?: boolean }) =>
      h.sql.query(
        `INSERT INTO permission."grant" (${values.id ? 'id, ' : ''}user_id, open_id, permission_id, ipc_mac, grant_status, init_time, start_time, end_time, revoked_at)
         VALUES (${values.id ? `${values.id}, ` : ''}$1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [ann.userId, ann.openId, free, values.ipcMac, values.status, new Date(values.init), values.start === null ? null : new Date(values.start), values.end === null ? null : new Date(values.end), values.revoked ? new Date(now) : null],
      );
    // An id beyond 32 bits and an initTime with milliseconds; active, tied to no device; no start time; not started
    // yet; ended; revoked; waiting.
    await insert({ id: 5_000_000_123, ipcMac: MACS[3], status: 3, init: now - 1_234_567, start: now - DAY_MS, end: now + DAY_MS });
    await insert({ ipcMac: null, status: 3, init: now - 7, start: now - DAY_MS, end: now + DAY_MS });
    await insert({ ipcMac: MACS[1], status: 3, init: now - 999, start: null, end: now + 1 });
    await insert({ ipcMac: MACS[1], status: 3, init: now, start: now + 1, end: now + DAY_MS });
    await insert({ ipcMac: MACS[1], status: 3, init: now, start: now - DAY_MS, end: now });
    await insert({ ipcMac: MACS[1], status: 3, init: now, start: now - DAY_MS, end: now + DAY_MS, revoked: true });
    await insert({ ipcMac: null, status: 1, init: now, start: null, end: null });

    const expected = await answeredBefore(ann, now);
    expect(JSON.parse(expected)).toHaveLength(6);
    for (let call = 0; call < 3; call++) {
      const answer = await h.gateway('permission.query_user_ipcs_valid', ann);
      expect(JSON.stringify(answer.data)).toBe(expected);
      expect(answer.extra).toEqual({ sysDate: now });
    }
    const records = JSON.parse(expected) as { grantId: number; ipcMac: string; userTag: string; streamId?: string; initTime: number }[];
    // What tells the paths apart, stated: ann's streams only, none where revoked, the big id and the milliseconds.
    const streamIds = records.filter((r) => r.streamId !== undefined).map((r) => r.ipcMac);
    expect(streamIds).toEqual([MACS[0], MACS[1], MACS[1]]);
    expect(records.find((r) => r.ipcMac === MACS[2])).toMatchObject({ userTag: '' });
    expect(records.at(-1)).toMatchObject({ grantId: 5_000_000_123, initTime: now - 1_234_567 });
    const bobs = JSON.stringify((await h.gateway('permission.query_user_ipcs_valid', bob)).data);
    expect(bobs).toBe(await answeredBefore(bob, now));
    expect(JSON.parse(bobs)[0].streamId).not.toBe(records[0].streamId);
  });

  it('a stream whose ciphertext was copied onto another owner\'s row is refused, even once opened for its owner', async () => {
    const carol = h.user();
    const mac = 'AABBCCDDEE09';
    h.bind(carol, mac);
    h.bind(ann, mac);
    await h.rpc(PERMISSION_RPC.createGrant, { body: { openId: ann.openId, permissionCode: 'free-7', ipcMac: mac } });
    await h.rpc(PERMISSION_RPC.createGrant, { body: { openId: carol.openId, permissionCode: 'free-7', ipcMac: mac } });
    // ann's records opened (and kept): her ciphertext then copied onto carol's row.
    expect(JSON.stringify((await h.gateway('permission.query_user_ipcs_valid', ann)).data)).toBe(await answeredBefore(ann, h.clock.now()));
    await h.sql.query(
      `UPDATE permission.camera_stream AS c SET stream_ciphertext = a.stream_ciphertext
       FROM permission.camera_stream AS a WHERE a.ipc_mac = $1 AND a.user_id = $2 AND c.ipc_mac = $1 AND c.user_id = $3`,
      [mac, ann.userId, carol.userId],
    );
    await expect(h.gateway('permission.query_user_ipcs_valid', carol)).rejects.toMatchObject({ code: ErrorCode.FC_SYSTEM_ERROR });
    const [copied] = (await h.sql.query(`SELECT ipc_mac AS "ipcMac", user_id AS "userId", stream_ciphertext AS "streamCiphertext" FROM permission.camera_stream WHERE ipc_mac = $1 AND user_id = $2`, [mac, carol.userId])).rows;
    expect(() => h.module.get(StreamSecrets).streamIdOf(copied)).toThrow();
  });
});
