/**
 * Rollout progress against real PostgreSQL: what firmware.latest records (one row per device, versions and
 * answer, its time only moving forward), the progress counts (distinct devices across the 24 h and 7 d
 * windows, rows inserted with explicit times), the purge, and the model list with its filter.
 */
import { ErrorCode, FIRMWARE_RPC, type ModelProgressView } from '@dcp/contracts';
import { describeWithInfra, uniqueName } from '@dcp/testing';
import type { RolloutCheck, RolloutOutcome } from '../src/progress/rollout-check';
import { PROGRESS_RETENTION_MS, RolloutCheckPurger } from '../src/progress/rollout-check.purger';
import { RolloutCheckRepository } from '../src/progress/rollout-check.repository';
import { RolloutRecorder } from '../src/progress/rollout-recorder';
import { type FirmwareHarness, harnessUser, rejection, startFirmwareHarness } from './firmware-harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeWithInfra(['postgres'], 'firmware-service: rollout progress and the model list (PostgreSQL)', () => {
  let h: FirmwareHarness;
  beforeAll(async () => {
    h = await startFirmwareHarness();
    // Every time below is relative to one instant of the platform's clock.
    h.clock.freeze();
  });
  afterAll(() => h?.close());

  const modelId = async (machineTypeName: string): Promise<number> =>
    (await h.sql.query('SELECT id FROM firmware.firmware_model WHERE machine_type_name = $1', [machineTypeName])).rows[0].id as number;

  /** A check as firmware.latest records it, at an explicit time (ms before the clock's now). */
  const checkAt = (row: { modelId: number; mac: string; sys: string; app?: string; outcome: RolloutOutcome; offered?: number; agoMs: number }): RolloutCheck => ({
    modelId: row.modelId,
    macAddr: row.mac,
    userId: harnessUser.userId,
    fromSystem: row.sys,
    fromApp: row.app ?? '1.0.0.0',
    outcome: row.outcome,
    offeredReleaseId: row.offered ?? 0,
    at: new Date(h.clock.now() - row.agoMs),
  });
  /** Writes it as the recorder does (the row, its device and the summary: decisions F24). */
  const insertCheck = (row: Parameters<typeof checkAt>[0]) => h.module.get(RolloutCheckRepository).record([checkAt(row)]);

  const latest = (machineTypeName: string, macAddr: string, sys1: number, app1: number) =>
    h.latest({ macAddr, machineTypeName, sysVersion1: String(sys1), sysVersion3: '0', sysVersion4: '0', appVersion1: String(app1), appVersion3: '0', appVersion4: '0' });
  /** Writes the answers the recorder has queued (it writes in batches, F23). */
  const written = () => h.module.get(RolloutRecorder).flush();

  it('firmware.latest keeps one row per device, versions and answer; a repeat only moves its time forward', async () => {
    const model = uniqueName('REC');
    const next = await h.release({ machineTypeName: model, version1: 2 });
    const id = await modelId(model);
    const rows = async () =>
      (
        await h.sql.query(
          'SELECT mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at FROM firmware.rollout_check WHERE model_id = $1 ORDER BY last_seen_at, outcome',
          [id],
        )
      ).rows;

    const first = h.clock.now();
    await latest(model, 'aa:bb:cc:00:00:01', 1, 7);
    h.clock.advance(3600);
    await latest(model, 'AABBCC000001', 1, 7);
    await latest(model, 'AABBCC000001', 2, 7);
    await written();
    expect(await rows()).toEqual([
      { mac_addr: 'AABBCC000001', from_system: '1.0.0.0', from_app: '7.0.0.0', outcome: 'offered', offered_release_id: next.id, last_seen_at: new Date(first + HOUR) },
      { mac_addr: 'AABBCC000001', from_system: '2.0.0.0', from_app: '7.0.0.0', outcome: 'up_to_date', offered_release_id: 0, last_seen_at: new Date(first + HOUR) },
    ]);
    // An answer committed late with an earlier time does not move the row back.
    h.clock.advance(-7200);
    await latest(model, 'AABBCC000001', 1, 7);
    await written();
    h.clock.advance(3600);
    expect((await rows())[0].last_seen_at).toEqual(new Date(first + HOUR));
  });

  it('a failure to record changes no answer: firmware.latest answers the same with the table gone, and counts it', async () => {
    const model = uniqueName('LOST');
    await h.release({ machineTypeName: model, version1: 2, remind: 1 });
    // Another device than the one asking below: the recorder writes a repeated answer once per interval (F23).
    const recorded = await latest(model, 'AABBCC0000F0', 1, 1);
    expect(recorded).toMatchObject({ data: { version1: 2 }, extra: { remind: 1 } });
    await written();
    await h.sql.query('ALTER TABLE firmware.rollout_check RENAME TO rollout_check_away');
    try {
      expect(await latest(model, 'AABBCC0000F1', 1, 1)).toEqual(recorded);
      expect(await latest(model, 'AABBCC0000F1', 2, 1)).toEqual({ extra: { remind: 0 } });
      await written();
    } finally {
      await h.sql.query('ALTER TABLE firmware.rollout_check_away RENAME TO rollout_check');
    }
    expect(await h.runtime.metrics.render()).toMatch(/dcp_firmware_progress_not_recorded_total\{reason="write_failed"\} 2\b/);
    // Recording works again once the table is back.
    await latest(model, 'AABBCC0000F1', 2, 1);
    await written();
    const rows = await h.sql.query("SELECT mac_addr, outcome FROM firmware.rollout_check WHERE mac_addr IN ('AABBCC0000F0', 'AABBCC0000F1') ORDER BY mac_addr");
    expect(rows.rows).toEqual([{ mac_addr: 'AABBCC0000F0', outcome: 'offered' }, { mac_addr: 'AABBCC0000F1', outcome: 'up_to_date' }]);
  });

  it('records only devices bound to the user who asked (asked of device-service per batch); while it does not answer, nothing is recorded unverified (SDD1)', async () => {
    const model = uniqueName('OWNED');
    await h.release({ machineTypeName: model, version1: 2 });
    const id = await modelId(model);
    const macs = async () => (await h.sql.query('SELECT mac_addr FROM firmware.rollout_check WHERE model_id = $1 ORDER BY mac_addr', [id])).rows.map((r) => r.mac_addr as string);
    h.devices.bound = new Set(['AABBCC0001A1', 'AABBCC0001A2']);
    try {
      // Answered alike, bound or not.
      expect(await latest(model, 'aa:bb:cc:00:01:a1', 1, 1)).toMatchObject({ data: { version1: 2 } });
      expect(await latest(model, 'AABBCC0001B1', 1, 1)).toMatchObject({ data: { version1: 2 } });
      await written();
      expect(await macs()).toEqual(['AABBCC0001A1']);
      expect(await h.runtime.metrics.render()).toMatch(/dcp_firmware_progress_not_recorded_total\{reason="not_bound"\} 1\b/);

      h.devices.down = true;
      await latest(model, 'AABBCC0001A2', 1, 1);
      await written();
      expect(await macs()).toEqual(['AABBCC0001A1']);
      // The next round, once device-service answers: the answer that waited is written.
      h.devices.down = false;
      await written();
      expect(await macs()).toEqual(['AABBCC0001A1', 'AABBCC0001A2']);
    } finally {
      h.devices.bound = undefined;
      h.devices.down = false;
    }
  });

  it('counts distinct devices over 24 h and 7 d: in all, by answer, by version asked from and by release offered', async () => {
    const model = uniqueName('PROG');
    const r1 = await h.release({ machineTypeName: model, version1: 1 });
    const r2 = await h.release({ machineTypeName: model, version1: 2, rolloutPercent: 50 });
    const app = await h.release({ machineTypeName: model, type: 2, version1: 3, interim: true });
    const id = await modelId(model);
    const other = uniqueName('OTHER');
    await h.release({ machineTypeName: other });

    // A: offered r2 an hour ago, installed it and asked again (up to date) half an hour ago: one device.
    await insertCheck({ modelId: id, mac: '00000000000A', sys: '1.0.0.0', outcome: 'offered', offered: r2.id, agoMs: HOUR });
    await insertCheck({ modelId: id, mac: '00000000000A', sys: '2.0.0.0', outcome: 'up_to_date', agoMs: HOUR / 2 });
    await insertCheck({ modelId: id, mac: '00000000000B', sys: '1.0.0.0', outcome: 'offered', offered: r2.id, agoMs: 3 * DAY });
    await insertCheck({ modelId: id, mac: '00000000000C', sys: '1.0.0.0', outcome: 'not_rolled_out', agoMs: 23 * HOUR });
    await insertCheck({ modelId: id, mac: '00000000000D', sys: '1.0.0.0', outcome: 'refused', agoMs: 6 * DAY });
    await insertCheck({ modelId: id, mac: '00000000000E', sys: '10.0.0.0', outcome: 'up_to_date', agoMs: 2 * DAY });
    // Outside the windows, and another model's device: not counted.
    await insertCheck({ modelId: id, mac: '00000000000F', sys: '1.0.0.0', outcome: 'offered', offered: r2.id, agoMs: 7 * DAY + 60_000 });
    await insertCheck({ modelId: id, mac: '000000000010', sys: '1.0.0.0', outcome: 'offered', offered: r2.id, agoMs: 25 * HOUR });
    await insertCheck({ modelId: await modelId(other), mac: '00000000000A', sys: '1.0.0.0', outcome: 'up_to_date', agoMs: HOUR });

    const progress: ModelProgressView = await h.rpc(FIRMWARE_RPC.modelProgress, { machineTypeName: model });
    const n = (last24h: number, last7d: number) => ({ last24h, last7d });
    expect(progress).toEqual({
      machineTypeName: model,
      asOf: h.clock.now(),
      devices: n(2, 6),
      answers: { offered: n(1, 3), upToDate: n(1, 2), notRolledOut: n(1, 1), refused: n(0, 1) },
      fromVersions: [
        { type: 1, version: '1.0.0.0', devices: n(2, 5) },
        { type: 1, version: '2.0.0.0', devices: n(1, 1) },
        { type: 1, version: '10.0.0.0', devices: n(0, 1) },
        { type: 2, version: '1.0.0.0', devices: n(2, 6) },
      ],
      releases: [
        { id: r1.id, type: 1, key: '1.0.0.0', version2: '0', interim: false, active: true, rolloutPercent: 100, offered: n(0, 0) },
        { id: r2.id, type: 1, key: '2.0.0.0', version2: '0', interim: false, active: true, rolloutPercent: 50, offered: n(1, 3) },
        { id: app.id, type: 2, key: '3.0.0.0', version2: '0', interim: true, active: true, rolloutPercent: 100, offered: n(0, 0) },
      ],
    });
  });

  it('progress of a model nobody asked about is all zeros with its releases; an unknown model is ADMIN_NOT_FOUND', async () => {
    const model = uniqueName('QUIET');
    const r = await h.release({ machineTypeName: model });
    await h.rpc(FIRMWARE_RPC.updateRelease, { id: String(r.id), body: { active: false } });
    const zero = { last24h: 0, last7d: 0 };
    expect(await h.rpc(FIRMWARE_RPC.modelProgress, { machineTypeName: model })).toMatchObject({
      devices: zero,
      answers: { offered: zero, upToDate: zero, notRolledOut: zero, refused: zero },
      fromVersions: [],
      releases: [{ id: r.id, active: false, offered: zero }],
    });
    const missing = await rejection(h.rpc(FIRMWARE_RPC.modelProgress, { machineTypeName: uniqueName('NOPE') }));
    expect(missing.code).toBe(ErrorCode.ADMIN_NOT_FOUND);
  });

  it('the purge removes rows last seen before the longest window plus a day, in batches, and keeps the rest', async () => {
    const model = uniqueName('PURGE');
    await h.release({ machineTypeName: model });
    const id = await modelId(model);
    // More old rows than one batch (5000), one just too old, one just young enough.
    await h.module
      .get(RolloutCheckRepository)
      .record(Array.from({ length: 5001 }, (_, i) => checkAt({ modelId: id, mac: (i + 1).toString(16).padStart(12, '0'), sys: '1.0.0.0', outcome: 'up_to_date', agoMs: 30 * DAY })));
    await insertCheck({ modelId: id, mac: 'FFFFFFFFFF01', sys: '1.0.0.0', outcome: 'up_to_date', agoMs: PROGRESS_RETENTION_MS + 60_000 });
    await insertCheck({ modelId: id, mac: 'FFFFFFFFFF02', sys: '1.0.0.0', outcome: 'up_to_date', agoMs: PROGRESS_RETENTION_MS - 60_000 });

    const purger = h.module.get(RolloutCheckPurger);
    await purger.purgeOnce();
    const left = await h.sql.query('SELECT mac_addr FROM firmware.rollout_check WHERE model_id = $1', [id]);
    expect(left.rows).toEqual([{ mac_addr: 'FFFFFFFFFF02' }]);
    expect(await purger.purgeOnce()).toBe(0);
    expect(await h.runtime.metrics.render()).toMatch(/dcp_firmware_progress_purged_rows_total(\{[^}]*\})? \d+/);
  });

  it('lists models with their switch and release counts, filtered by q (any letter case, % and _ literal), paged with the filtered total', async () => {
    const tag = uniqueName('LIST'); // LIST_<10 hex>: its own _ must match literally too
    const names = [`${tag}-Alpha`, `${tag}-beta_2`, `${tag}-delta2`, `${tag}-Beta%3`, `${tag}-gamma3`];
    for (const name of names) await h.release({ machineTypeName: name });
    const extra = await h.release({ machineTypeName: names[0], version1: 2 });
    await h.rpc(FIRMWARE_RPC.updateRelease, { id: String(extra.id), body: { active: false } });
    await h.rpc(FIRMWARE_RPC.setModel, { machineTypeName: names[1], body: { smartUpgrade: false } });
    const listed = (q: string, page: { limit?: number; offset?: number } = {}) => h.rpc(FIRMWARE_RPC.listModels, { q, ...page });
    const namesOf = (list: { items: { machineTypeName: string }[] }) => list.items.map((m) => m.machineTypeName);

    const all = await listed(tag.toLowerCase());
    expect(all.total).toBe(5);
    expect(namesOf(all)).toEqual(names);
    expect(all.items[0]).toEqual({ machineTypeName: names[0], smartUpgrade: true, releaseCount: 2, activeReleaseCount: 1, createTime: expect.any(Number), updateTime: expect.any(Number) });
    expect(all.items[1]).toMatchObject({ smartUpgrade: false, releaseCount: 1, activeReleaseCount: 1 });
    // Unescaped, "a_2" would also match "a2" (delta2) and "%3" every name with a 3.
    expect(namesOf(await listed(`${tag}-beta_`))).toEqual([names[1]]);
    expect(namesOf(await listed('a_2'))).toEqual([names[1]]);
    expect(namesOf(await listed('%3'))).toEqual([names[3]]);
    expect(await listed(tag, { limit: 2, offset: 3 })).toMatchObject({ total: 5, items: [{ machineTypeName: names[3] }, { machineTypeName: names[4] }] });

    const bad = await rejection(h.rpc(FIRMWARE_RPC.listModels, { q: 'x'.repeat(101) }));
    expect(bad).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: 'invalid field q: must be at most 100 characters' });
  });
});
