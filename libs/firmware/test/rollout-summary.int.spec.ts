/**
 * The rollout progress summary against real PostgreSQL (docs/decisions.md F24, F25): two replicas' recorders
 * flushing the same devices at once, a device upgrading, batches written again and a transaction failing
 * halfway, the purge in batches, a bulk load and its rebuild, and randomized answers — after each, the summary and the device rows are
 * what the rows make them (rollout-reference.ts), and the progress view equals the aggregate over every row
 * that answered it before the summary existed, for the same windows (starting at whole hours).
 */
import { FIRMWARE_RPC, PROGRESS_WINDOWS } from '@dcp/contracts';
import { type ServiceDatabase, createServiceDatabase, serviceDatabase } from '@dcp/database';
import { describeWithInfra, uniqueName } from '@dcp/testing';
import type { FirmwareDatabase } from '../src/firmware-database.types';
import { PrismaClient } from '../src/generated/prisma/client';
import type { RolloutCheck, RolloutOutcome } from '../src/progress/rollout-check';
import { RolloutCheckRepository } from '../src/progress/rollout-check.repository';
import { RolloutRecorder } from '../src/progress/rollout-recorder';
import { SUMMARY_HOUR_MS, countedFrom } from '../src/progress/rollout-summary';
import { FakeBoundDevices, FakeMetrics } from '../src/test/fakes';
import { type FirmwareHarness, startFirmwareHarness } from './firmware-harness';
import { aggregateProgress, countsOfView, plainCounts, summaryDiscrepancies } from './rollout-reference';

const HOUR = SUMMARY_HOUR_MS;
const DAY = 24 * HOUR;

describeWithInfra(['postgres'], 'firmware-service: the rollout progress summary (PostgreSQL, F24, F25)', () => {
  let h: FirmwareHarness;
  /** A second replica's database connections (its own pool). */
  let replicaDb: FirmwareDatabase;
  let repository: RolloutCheckRepository;
  let replicaRepository: RolloutCheckRepository;

  beforeAll(async () => {
    h = await startFirmwareHarness();
    h.clock.freeze();
    replicaDb = (await createServiceDatabase(PrismaClient, serviceDatabase('firmware'), { kind: 'postgres', url: h.databaseUrl })) as ServiceDatabase<PrismaClient>;
    repository = h.module.get(RolloutCheckRepository);
    replicaRepository = new RolloutCheckRepository(replicaDb);
  });
  afterAll(async () => {
    await replicaDb?.close();
    await h?.close();
  });

  const modelOf = async (machineTypeName: string): Promise<number> =>
    (await h.sql.query('SELECT id FROM firmware.firmware_model WHERE machine_type_name = $1', [machineTypeName])).rows[0].id as number;

  const check = (c: Partial<RolloutCheck> & { modelId: number; macAddr: string }): RolloutCheck => ({
    userId: 1,
    fromSystem: '1.0.0.0',
    fromApp: '1.0.0.0',
    outcome: 'up_to_date',
    offeredReleaseId: 0,
    at: new Date(h.clock.now()),
    ...c,
  });

  /** The view as the operator reads it, against the aggregate over rollout_check for the windows it counts. */
  const expectViewAsAggregate = async (machineTypeName: string, modelId: number) => {
    const view = await h.rpc(FIRMWARE_RPC.modelProgress, { machineTypeName });
    const windows = { from24h: new Date(countedFrom(view.asOf - PROGRESS_WINDOWS.last24h)), from7d: new Date(countedFrom(view.asOf - PROGRESS_WINDOWS.last7d)) };
    expect(countsOfView(view)).toEqual(plainCounts(await aggregateProgress(h.sql, modelId, windows)));
    return view;
  };

  it('two replicas flushing the same devices at once count each device once, in the hour of its latest answer', async () => {
    const model = uniqueName('TWO');
    const offered = await h.release({ machineTypeName: model, version1: 2 });
    const id = await modelOf(model);
    const recorders = [repository, replicaRepository].map((store) => {
      const metrics = new FakeMetrics();
      return { metrics, recorder: new RolloutRecorder(store, metrics, new FakeBoundDevices()) };
    });
    const macs = Array.from({ length: 60 }, (_, i) => `02AB0000${i.toString(16).padStart(4, '0').toUpperCase()}`);
    try {
      for (let round = 0; round < 8; round++) {
        h.clock.advance((37 * 60 * 1000 + round * 1000) / 1000);
        // Both replicas answered every device this round, differently: one from 1.0.0.0 (offered), one from 2.0.0.0.
        for (const mac of macs) {
          recorders[0].recorder.record(check({ modelId: id, macAddr: mac, outcome: 'offered', offeredReleaseId: offered.id, at: new Date(h.clock.now() - 1000) }));
          recorders[1].recorder.record(check({ modelId: id, macAddr: mac, fromSystem: '2.0.0.0', at: new Date(h.clock.now() - (round % 2) * 90 * 60_000) }));
        }
        await Promise.all(recorders.map(({ recorder }) => recorder.flush()));
        expect(await summaryDiscrepancies(h.sql)).toEqual([]);
      }
      // Nothing was lost to a deadlock or a failed write.
      expect(recorders.map(({ metrics }) => metrics.notRecorded)).toEqual([0, 0]);
      const view = await expectViewAsAggregate(model, id);
      expect(view.devices).toEqual({ last24h: 60, last7d: 60 });
      expect(view.fromVersions.filter((v) => v.type === 1)).toEqual([
        { type: 1, version: '1.0.0.0', devices: { last24h: 60, last7d: 60 } },
        { type: 1, version: '2.0.0.0', devices: { last24h: 60, last7d: 60 } },
      ]);
      // Each device is counted once in all devices, in one hour: the summary holds 60, however many rounds moved it.
      const stored = await h.sql.query("SELECT sum(devices)::int AS n FROM firmware.rollout_summary WHERE model_id = $1 AND dimension = 'devices'", [id]);
      expect(stored.rows[0].n).toBe(60);
    } finally {
      await Promise.all(recorders.map(({ recorder }) => recorder.onApplicationShutdown()));
    }
  });

  it('a device that upgrades moves out of the hour it was counted in and counts under both versions while both are in the window', async () => {
    const model = uniqueName('UPG');
    await h.release({ machineTypeName: model, version1: 1 });
    const next = await h.release({ machineTypeName: model, version1: 2 });
    const id = await modelOf(model);
    const latest = (sys1: number) =>
      h.latest({ macAddr: '02CD00000001', machineTypeName: model, sysVersion1: String(sys1), sysVersion3: '0', sysVersion4: '0', appVersion1: '1', appVersion3: '0', appVersion4: '0' });
    const written = () => h.module.get(RolloutRecorder).flush();
    const hoursOf = async (dimension: string) =>
      (await h.sql.query('SELECT hour_start, value, devices FROM firmware.rollout_summary WHERE model_id = $1 AND dimension = $2 AND devices <> 0 ORDER BY value, hour_start', [id, dimension])).rows;

    const first = h.clock.now();
    expect(await latest(1)).toMatchObject({ data: { id: next.id } });
    await written();
    h.clock.advance((2 * HOUR) / 1000);
    expect(await latest(2)).toEqual({ extra: { remind: 0 } });
    await written();

    expect(await hoursOf('devices')).toEqual([{ hour_start: new Date(first - (first % HOUR) + 2 * HOUR), value: '', devices: 1 }]);
    expect(await hoursOf('system')).toEqual([
      { hour_start: new Date(first - (first % HOUR)), value: '1.0.0.0', devices: 1 },
      { hour_start: new Date(first - (first % HOUR) + 2 * HOUR), value: '2.0.0.0', devices: 1 },
    ]);
    const n = (last24h: number, last7d: number) => ({ last24h, last7d });
    expect(await expectViewAsAggregate(model, id)).toMatchObject({
      devices: n(1, 1),
      answers: { offered: n(1, 1), upToDate: n(1, 1) },
      fromVersions: [
        { type: 1, version: '1.0.0.0', devices: n(1, 1) },
        { type: 1, version: '2.0.0.0', devices: n(1, 1) },
        { type: 2, version: '1.0.0.0', devices: n(1, 1) },
      ],
    });
    // Two days later the device asks again from 2.0.0.0: the 24 h window has only that; 1.0.0.0 stays in the 7 days.
    h.clock.advance((2 * DAY) / 1000);
    await latest(2);
    await written();
    expect(await expectViewAsAggregate(model, id)).toMatchObject({
      devices: n(1, 1),
      answers: { offered: n(0, 1), upToDate: n(1, 1) },
      fromVersions: [
        { type: 1, version: '1.0.0.0', devices: n(0, 1) },
        { type: 1, version: '2.0.0.0', devices: n(1, 1) },
        { type: 2, version: '1.0.0.0', devices: n(1, 1) },
      ],
    });
    expect(await summaryDiscrepancies(h.sql)).toEqual([]);
  });

  it('a batch written again changes nothing; a transaction failing halfway leaves nothing behind, and its retry counts once', async () => {
    const model = uniqueName('RETRY');
    await h.release({ machineTypeName: model });
    const id = await modelOf(model);
    const summary = async () => (await h.sql.query('SELECT hour_start, dimension, value, devices FROM firmware.rollout_summary WHERE model_id = $1 ORDER BY 1, 2, 3', [id])).rows;
    const batch = [check({ modelId: id, macAddr: '02EF00000001' }), check({ modelId: id, macAddr: '02EF00000002', outcome: 'refused', at: new Date(h.clock.now() - 3 * HOUR) })];
    await repository.record(batch);
    const once = await summary();
    expect(once.length).toBeGreaterThan(0);
    await repository.record(batch);
    await replicaRepository.record(batch);
    expect(await summary()).toEqual(once);

    // The summary cannot be written: the answers' rows, written before it in the same transaction, go too.
    const moved = [check({ modelId: id, macAddr: '02EF00000001', fromSystem: '2.0.0.0', at: new Date(h.clock.now() + HOUR) })];
    await h.sql.query('ALTER TABLE firmware.rollout_summary RENAME TO rollout_summary_away');
    try {
      await expect(repository.record(moved)).rejects.toThrow();
    } finally {
      await h.sql.query('ALTER TABLE firmware.rollout_summary_away RENAME TO rollout_summary');
    }
    expect((await h.sql.query("SELECT count(*)::int AS n FROM firmware.rollout_check WHERE model_id = $1 AND from_system = '2.0.0.0'", [id])).rows[0].n).toBe(0);
    expect(await summary()).toEqual(once);
    expect(await summaryDiscrepancies(h.sql)).toEqual([]);

    await repository.record(moved);
    await repository.record(moved);
    expect(await summaryDiscrepancies(h.sql)).toEqual([]);
    h.clock.advance((2 * HOUR) / 1000);
    await expectViewAsAggregate(model, id);
  });

  it('purges in bounded batches, each keeping the summary exact; then forgets the hours that count no device', async () => {
    const model = uniqueName('BATCH');
    await h.release({ machineTypeName: model });
    const id = await modelOf(model);
    const now = h.clock.now();
    const cutoff = new Date(now - 8 * DAY);
    // 20 devices with only old rows (two each), 10 with old rows and a recent one.
    const checks: RolloutCheck[] = [];
    for (let i = 0; i < 30; i++) {
      const mac = `02BA0000${i.toString(16).padStart(4, '0').toUpperCase()}`;
      checks.push(check({ modelId: id, macAddr: mac, at: new Date(now - 9 * DAY - i * HOUR) }));
      checks.push(check({ modelId: id, macAddr: mac, fromApp: '2.0.0.0', outcome: 'not_rolled_out', at: new Date(now - 8 * DAY - 30 * 60_000 - i * 60_000) }));
      if (i >= 20) checks.push(check({ modelId: id, macAddr: mac, fromApp: '2.0.0.0', at: new Date(now - i * HOUR) }));
    }
    await repository.record(checks);
    const oldRows = async () => (await h.sql.query('SELECT count(*)::int AS n FROM firmware.rollout_check WHERE model_id = $1 AND last_seen_at < $2', [id, cutoff])).rows[0].n as number;
    expect(await oldRows()).toBe(60);

    const purged: number[] = [];
    for (;;) {
      const n = await repository.purgeSeenBefore(cutoff, 7);
      purged.push(n);
      expect(await summaryDiscrepancies(h.sql)).toEqual([]);
      if (n < 7) break;
    }
    // The 7 oldest rows name at most 7 devices, each taking its old rows along: at most 14 rows a batch.
    expect(purged.length).toBeGreaterThan(3);
    expect(Math.max(...purged)).toBeLessThanOrEqual(14);
    expect(purged.reduce((a, b) => a + b, 0)).toBe(60);
    expect(await oldRows()).toBe(0);
    const devices = await h.sql.query('SELECT count(*)::int AS n FROM firmware.rollout_device WHERE model_id = $1', [id]);
    expect(devices.rows[0].n).toBe(10);
    await expectViewAsAggregate(model, id);

    // The purged hours now count nobody: forgotten in batches, the hours counting devices stay.
    const empty = async () => (await h.sql.query('SELECT count(*)::int AS n FROM firmware.rollout_summary WHERE model_id = $1 AND devices = 0 AND hour_start < $2', [id, cutoff])).rows[0].n as number;
    expect(await empty()).toBeGreaterThan(3);
    const counted = await h.sql.query('SELECT hour_start, dimension, value, devices FROM firmware.rollout_summary WHERE devices <> 0 ORDER BY 1, 2, 3');
    while ((await repository.forgetEmptyHoursBefore(cutoff, 3)) === 3) {
      // the next batch
    }
    expect(await empty()).toBe(0);
    expect((await h.sql.query('SELECT hour_start, dimension, value, devices FROM firmware.rollout_summary WHERE devices <> 0 ORDER BY 1, 2, 3')).rows).toEqual(counted.rows);
    expect(await repository.purgeSeenBefore(cutoff, 7)).toBe(0);
  });

  it('rows written straight into rollout_check (a bulk load) are counted once firmware.rebuild_rollout_summary ran for their model', async () => {
    const model = uniqueName('BULK');
    await h.release({ machineTypeName: model });
    const id = await modelOf(model);
    await repository.record([check({ modelId: id, macAddr: '02B0000000F1' }), check({ modelId: id, macAddr: '02B0000000F2', at: new Date(h.clock.now() - 3 * DAY) })]);
    // 300 devices written by INSERT … SELECT, and a newer version for one the service recorded.
    await h.sql.query(
      `INSERT INTO firmware.rollout_check (model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at)
       SELECT $1::int, '02B1' || lpad(to_hex(i), 8, '0'), '1.0.0.0', '1.0.0.0', 'not_rolled_out', 0, $2::timestamptz - i * interval '17 minutes'
       FROM generate_series(1, 300) AS i
       UNION ALL SELECT $1::int, '02B0000000F1', '3.0.0.0', '1.0.0.0', 'up_to_date', 0, $2::timestamptz`,
      [id, new Date(h.clock.now())],
    );
    expect((await summaryDiscrepancies(h.sql)).length).toBeGreaterThan(0);
    await h.sql.query('SELECT firmware.rebuild_rollout_summary($1)', [id]);
    expect(await summaryDiscrepancies(h.sql)).toEqual([]);
    expect((await expectViewAsAggregate(model, id)).devices.last7d).toBe(302);
    // The service goes on from the rebuilt rows exactly.
    await repository.record([check({ modelId: id, macAddr: '02B100000001', fromSystem: '3.0.0.0', at: new Date(h.clock.now() + HOUR) })]);
    expect(await summaryDiscrepancies(h.sql)).toEqual([]);
  });

  it('randomized answers from two replicas, late commits and purges: the view always equals the aggregate over rollout_check', async () => {
    const model = uniqueName('RAND');
    const releases = [await h.release({ machineTypeName: model, version1: 2 }), await h.release({ machineTypeName: model, version1: 10 }), await h.release({ machineTypeName: model, type: 2, version1: 3 })];
    const id = await modelOf(model);
    // mulberry32: deterministic, so a failure replays.
    let state = 20261127;
    const random = (): number => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const outcomes: RolloutOutcome[] = ['offered', 'up_to_date', 'not_rolled_out', 'refused'];
    const macs = Array.from({ length: 24 }, (_, i) => `02DD0000${i.toString(16).padStart(4, '0').toUpperCase()}`);

    for (let step = 0; step < 40; step++) {
      h.clock.advance(Math.floor(random() * 10 * HOUR) / 1000);
      const now = h.clock.now();
      const batch = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        const outcome = pick(outcomes);
        return check({
          modelId: id,
          macAddr: pick(macs),
          fromSystem: pick(['1.0.0.0', '2.0.0.0', '10.0.0.0']),
          fromApp: pick(['1.0.0.0', '3.0.0.0']),
          outcome,
          offeredReleaseId: outcome === 'offered' ? pick(releases).id : 0,
          // Up to three hours back: batches commit late.
          at: new Date(now - Math.floor(random() * 3 * HOUR)),
        });
      });
      const half = Math.floor(batch.length / 2);
      await Promise.all([repository.record(batch.slice(0, half)), replicaRepository.record(batch.slice(half))]);
      if (step % 7 === 6) {
        const cutoff = new Date(now - DAY - Math.floor(random() * 4 * DAY));
        while ((await repository.purgeSeenBefore(cutoff, 5)) >= 5) {
          // the next batch
        }
      }
      await expectViewAsAggregate(model, id);
      if (step % 10 === 9) expect({ step, discrepancies: await summaryDiscrepancies(h.sql) }).toEqual({ step, discrepancies: [] });
    }
    const view = await h.rpc(FIRMWARE_RPC.modelProgress, { machineTypeName: model });
    // The answers spread over more than a week: the windows differ, and some rows were purged.
    expect(view.devices.last7d).toBeGreaterThan(view.devices.last24h);
  });
});
