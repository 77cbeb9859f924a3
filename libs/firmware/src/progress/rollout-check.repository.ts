/**
 * Rollout progress in the firmware schema (docs/decisions.md F18, F24, F25): the rows firmware.latest records
 * (rollout_check), written in one transaction with their devices' rows (rollout_device) and the summary the
 * progress view reads (rollout_summary); the view's counts; the purge.
 *
 * Every change to a device's rows locks its rollout_device row first (all of a batch's devices at once, in key
 * order) and reads the hours it is counted in there: flushes of several replicas and the purge change one device
 * one after the other, each from what the one before committed. The summary's rows are changed last, in key
 * order, so two transactions never wait on each other in a cycle.
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { FirmwareDatabase, FirmwareTransaction } from '../firmware-database.types';
import type { RolloutCheck, RolloutOutcome } from './rollout-check';
import {
  type BreakdownCount,
  type CountedDevice,
  type DeviceState,
  type ProgressCounts,
  type StoredCheck,
  type SummaryChange,
  deviceKey,
  progressCountsOf,
  purgeChange,
  recordingChange,
  rowsOf,
} from './rollout-summary';

/** What firmware.latest's recorder, the progress use case and the purge need (RolloutCheckRepository; an in-memory fake in unit specs). */
export interface RolloutCheckStore {
  /** Writes a batch of answers, their devices' hours and the summary, in one transaction. */
  record(checks: readonly RolloutCheck[]): Promise<void>;
  /** The counts of the model's devices whose latest answer (per breakdown) is at or after `from24h`, and `from7d` (whole hours). */
  progress(modelId: number, windows: { from24h: Date; from7d: Date }): Promise<ProgressCounts>;
  /**
   * Deletes the rows last seen before `cutoff` of the devices of the `limit` oldest such rows, keeping the
   * summary exact; resolves with how many rows went (at least `limit` when more may be left).
   */
  purgeSeenBefore(cutoff: Date, limit: number): Promise<number>;
  /** Deletes up to `limit` summary rows that count no device, of hours before `before`; resolves with how many. */
  forgetEmptyHoursBefore(before: Date, limit: number): Promise<number>;
}

/**
 * A batch's transaction: a flush holds at most MAX_QUEUED answers (rollout-recorder.ts), a purge batch 5,000
 * rows; both well within these bounds on a busy database.
 */
const TRANSACTION = { maxWait: 10_000, timeout: 30_000 } as const;

type Device = { modelId: number; macAddr: string };
type CheckRow = Omit<StoredCheck, 'lastSeenAt'> & { lastSeenAt: Date };

const json = (value: unknown): string => JSON.stringify(value);
const devicesJson = (devices: readonly Device[]): string => json(devices.map((d) => ({ model_id: d.modelId, mac_addr: d.macAddr })));

@Injectable()
export class RolloutCheckRepository implements RolloutCheckStore {
  constructor(@Inject(serviceDatabaseToken('firmware')) private readonly db: FirmwareDatabase) {}

  async record(checks: readonly RolloutCheck[]): Promise<void> {
    if (checks.length === 0) return;
    const written = rowsOf(checks);
    const rows = written.map((r) => ({
      model_id: r.modelId,
      mac_addr: r.macAddr,
      from_system: r.fromSystem,
      from_app: r.fromApp,
      outcome: r.outcome,
      offered_release_id: r.offeredReleaseId,
      last_seen_at: new Date(r.lastSeenAt).toISOString(),
    }));
    await this.db.client.$transaction(async (tx) => {
      const change = recordingChange(await this.locked(tx, distinctDevices(written)), written);
      // A repeat only moves a row's time forward (never back: batches of two replicas may commit out of order).
      await tx.$executeRaw`
        INSERT INTO "firmware"."rollout_check" (model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at)
        SELECT model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at
          FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(model_id int, mac_addr varchar, from_system varchar, from_app varchar, outcome varchar, offered_release_id int, last_seen_at timestamptz)
        ON CONFLICT (model_id, mac_addr, from_system, from_app, outcome, offered_release_id)
        DO UPDATE SET last_seen_at = GREATEST("rollout_check".last_seen_at, EXCLUDED.last_seen_at)`;
      await this.apply(tx, change);
    }, TRANSACTION);
  }

  /**
   * The summary rows of the model's long window (primary key (model_id, hour_start, …)): each breakdown's
   * devices added up over both windows, the short one as a FILTER.
   */
  async progress(modelId: number, { from24h, from7d }: { from24h: Date; from7d: Date }): Promise<ProgressCounts> {
    const rows = await this.db.client.$queryRaw<BreakdownCount[]>`
      SELECT dimension, value,
             (COALESCE(sum(devices) FILTER (WHERE hour_start >= ${from24h}), 0))::int AS "last24h",
             sum(devices)::int AS "last7d"
      FROM "firmware"."rollout_summary"
      WHERE model_id = ${modelId} AND hour_start >= ${from7d}
      GROUP BY dimension, value`;
    return progressCountsOf(rows);
  }

  async purgeSeenBefore(cutoff: Date, limit: number): Promise<number> {
    return this.db.client.$transaction(async (tx) => {
      // The oldest rows through the (last_seen_at) index: the batch costs its own size, whatever the table holds.
      const oldest = await tx.$queryRaw<Device[]>`
        SELECT DISTINCT model_id AS "modelId", mac_addr AS "macAddr"
        FROM (SELECT model_id, mac_addr FROM "firmware"."rollout_check" WHERE last_seen_at < ${cutoff} ORDER BY last_seen_at LIMIT ${limit}) AS oldest`;
      if (oldest.length === 0) return 0;
      const change = purgeChange(await this.withRows(tx, await this.locked(tx, oldest)), cutoff.getTime());
      // Every old row of those devices (what purgeChange took away), read under their locks.
      const purged = await tx.$executeRaw`
        DELETE FROM "firmware"."rollout_check" c
        USING jsonb_to_recordset(${devicesJson(oldest)}::jsonb) AS d(model_id int, mac_addr varchar)
        WHERE c.model_id = d.model_id AND c.mac_addr = d.mac_addr AND c.last_seen_at < ${cutoff}`;
      await this.apply(tx, change);
      return purged;
    }, TRANSACTION);
  }

  async forgetEmptyHoursBefore(before: Date, limit: number): Promise<number> {
    // devices = 0 is checked again on the row deleted: one a flush counted a device in meanwhile stays.
    return this.db.client.$executeRaw`
      DELETE FROM "firmware"."rollout_summary" s
      WHERE s.devices = 0 AND (s.model_id, s.hour_start, s.dimension, s.value) IN (
        SELECT model_id, hour_start, dimension, value FROM "firmware"."rollout_summary"
        WHERE hour_start < ${before} AND devices = 0 ORDER BY hour_start LIMIT ${limit})`;
  }

  /** Locks the devices' rows (created for a device seen for the first time), in key order; resolves with the hours each is counted in. */
  private locked(tx: FirmwareTransaction, devices: readonly Device[]): Promise<CountedDevice[]> {
    return tx.$queryRaw<CountedDevice[]>`
      INSERT INTO "firmware"."rollout_device" (model_id, mac_addr)
      SELECT model_id, mac_addr FROM jsonb_to_recordset(${devicesJson(devices)}::jsonb) AS d(model_id int, mac_addr varchar)
      ORDER BY model_id, mac_addr
      ON CONFLICT (model_id, mac_addr) DO UPDATE SET counted_in = "rollout_device".counted_in
      RETURNING model_id AS "modelId", mac_addr AS "macAddr", counted_in AS "countedIn"`;
  }

  /**
   * The locked devices' rows, read by primary-key prefix in a statement after the lock's, so that it sees what
   * a transaction that held one of the locks before committed.
   */
  private async withRows(tx: FirmwareTransaction, devices: readonly CountedDevice[]): Promise<DeviceState[]> {
    const rows = await tx.$queryRaw<CheckRow[]>`
      SELECT c.model_id AS "modelId", c.mac_addr AS "macAddr", c.from_system AS "fromSystem", c.from_app AS "fromApp",
             c.outcome, c.offered_release_id AS "offeredReleaseId", c.last_seen_at AS "lastSeenAt"
      FROM jsonb_to_recordset(${devicesJson(devices)}::jsonb) AS d(model_id int, mac_addr varchar)
      JOIN "firmware"."rollout_check" c ON c.model_id = d.model_id AND c.mac_addr = d.mac_addr`;
    const rowsOfDevice = new Map<string, StoredCheck[]>();
    for (const row of rows) {
      const list = rowsOfDevice.get(deviceKey(row)) ?? [];
      list.push({ ...row, outcome: row.outcome as RolloutOutcome, lastSeenAt: row.lastSeenAt.getTime() });
      rowsOfDevice.set(deviceKey(row), list);
    }
    return devices.map((d) => ({ ...d, rows: rowsOfDevice.get(deviceKey(d)) ?? [] }));
  }

  /** The devices' new hours, the devices left without rows, then the summary's rows in key order. */
  private async apply(tx: FirmwareTransaction, change: SummaryChange): Promise<void> {
    const devices = json(change.devices.map((d) => ({ model_id: d.modelId, mac_addr: d.macAddr, counted_in: d.countedIn })));
    const deltas = json(change.deltas.map((d) => ({ model_id: d.modelId, hour_start: new Date(d.hourStart).toISOString(), dimension: d.dimension, value: d.value, devices: d.devices })));
    await tx.$executeRaw`
      WITH counted AS (
        UPDATE "firmware"."rollout_device" d SET counted_in = n.counted_in
        FROM jsonb_to_recordset(${devices}::jsonb) AS n(model_id int, mac_addr varchar, counted_in jsonb)
        WHERE d.model_id = n.model_id AND d.mac_addr = n.mac_addr
        RETURNING 1
      ), emptied AS (
        DELETE FROM "firmware"."rollout_device" d
        USING jsonb_to_recordset(${devicesJson(change.emptied)}::jsonb) AS e(model_id int, mac_addr varchar)
        WHERE d.model_id = e.model_id AND d.mac_addr = e.mac_addr
        RETURNING 1
      )
      INSERT INTO "firmware"."rollout_summary" (model_id, hour_start, dimension, value, devices)
      SELECT model_id, hour_start, dimension, value, devices
        FROM jsonb_to_recordset(${deltas}::jsonb) AS s(model_id int, hour_start timestamptz, dimension varchar, value varchar, devices int)
      ORDER BY model_id, hour_start, dimension, value
      ON CONFLICT (model_id, hour_start, dimension, value) DO UPDATE SET devices = "rollout_summary".devices + EXCLUDED.devices`;
  }
}

function distinctDevices(rows: readonly StoredCheck[]): Device[] {
  const devices = new Map<string, Device>();
  for (const r of rows) devices.set(deviceKey(r), { modelId: r.modelId, macAddr: r.macAddr });
  return [...devices.values()];
}
