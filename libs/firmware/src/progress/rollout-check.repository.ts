/** Rollout progress rows of the firmware schema (firmware.rollout_check): the record, the counts, the purge. */
import { Inject, Injectable } from '@nestjs/common';
import { hotStatement } from '@dcp/database';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { FirmwareDatabase } from '../firmware-database.types';
import { ROLLOUT_OUTCOMES, type RolloutCheck, type RolloutOutcome } from './rollout-check';

/** Distinct devices in the short (24 h) and the long (7 d) window. */
export interface DeviceCounts {
  last24h: number;
  last7d: number;
}

/** A model's counts, each of distinct devices (canonical MACs). */
export interface ProgressCounts {
  devices: DeviceCounts;
  byOutcome: Record<RolloutOutcome, DeviceCounts>;
  /** By release offered (release id). */
  byRelease: Map<number, DeviceCounts>;
  /** By the system and by the application version asked from (key text). */
  bySystemVersion: Map<string, DeviceCounts>;
  byAppVersion: Map<string, DeviceCounts>;
}

/** What firmware.latest's recorder, the progress use case and the purge need (RolloutCheckRepository; an in-memory fake in unit specs). */
export interface RolloutCheckStore {
  /** Writes a batch of answers (at most one per device, versions and answer) in one statement. */
  record(checks: readonly RolloutCheck[]): Promise<void>;
  progress(modelId: number, windows: { since24h: Date; since7d: Date }): Promise<ProgressCounts>;
  /** Deletes up to `limit` rows last seen before `cutoff`; resolves with how many. */
  purgeSeenBefore(cutoff: Date, limit: number): Promise<number>;
}

/**
 * The batches of firmware.latest's answers (a hot statement, decisions PF4; RolloutRecorder batches them,
 * F23): one row per device, versions and answer, the batch as one JSON array; a repeat only moves its time
 * forward (never back: batches of two replicas may commit out of order).
 */
const RECORD = hotStatement<never>(
  'firmware.record-rollout-checks',
  `INSERT INTO "firmware"."rollout_check" (model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at)
   SELECT model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at
     FROM jsonb_to_recordset($1::jsonb) AS r(model_id int, mac_addr varchar, from_system varchar, from_app varchar, outcome varchar, offered_release_id int, last_seen_at timestamptz)
   ON CONFLICT (model_id, mac_addr, from_system, from_app, outcome, offered_release_id)
   DO UPDATE SET last_seen_at = GREATEST("rollout_check".last_seen_at, EXCLUDED.last_seen_at)`,
);

/** GROUPING(from_system, from_app, outcome, offered_release_id) of each grouping set: a bit is set for a column not grouped by. */
const SET = { bySystem: 0b0111, byApp: 0b1011, byRelease: 0b1100, byOutcome: 0b1101, all: 0b1111 } as const;

interface CountRow {
  grouping: number;
  fromSystem: string | null;
  fromApp: string | null;
  outcome: string | null;
  offeredReleaseId: number | null;
  last24h: number;
  last7d: number;
}

@Injectable()
export class RolloutCheckRepository implements RolloutCheckStore {
  constructor(@Inject(serviceDatabaseToken('firmware')) private readonly db: FirmwareDatabase) {}

  async record(checks: readonly RolloutCheck[]): Promise<void> {
    if (checks.length === 0) return;
    const rows = checks.map((c) => ({
      model_id: c.modelId,
      mac_addr: c.macAddr,
      from_system: c.fromSystem,
      from_app: c.fromApp,
      outcome: c.outcome,
      offered_release_id: c.offeredReleaseId,
      last_seen_at: c.at.toISOString(),
    }));
    await this.db.run(RECORD, [JSON.stringify(rows)]);
  }

  /**
   * Every count of the progress view in one statement over the model's rows of the long window (index
   * (model_id, last_seen_at)): one grouping set per breakdown, the short window as a FILTER.
   */
  async progress(modelId: number, { since24h, since7d }: { since24h: Date; since7d: Date }): Promise<ProgressCounts> {
    const rows = await this.db.client.$queryRaw<CountRow[]>`
      SELECT GROUPING(from_system, from_app, outcome, offered_release_id)::int AS "grouping",
             from_system AS "fromSystem", from_app AS "fromApp", outcome, offered_release_id AS "offeredReleaseId",
             (count(DISTINCT mac_addr) FILTER (WHERE last_seen_at >= ${since24h}))::int AS "last24h",
             count(DISTINCT mac_addr)::int AS "last7d"
      FROM "firmware"."rollout_check"
      WHERE model_id = ${modelId} AND last_seen_at >= ${since7d}
      GROUP BY GROUPING SETS ((from_system), (from_app), (outcome, offered_release_id), (outcome), ())`;
    const none = (): DeviceCounts => ({ last24h: 0, last7d: 0 });
    const counts: ProgressCounts = {
      devices: none(),
      byOutcome: Object.fromEntries(ROLLOUT_OUTCOMES.map((o) => [o, none()])) as Record<RolloutOutcome, DeviceCounts>,
      byRelease: new Map(),
      bySystemVersion: new Map(),
      byAppVersion: new Map(),
    };
    for (const row of rows) {
      const n = { last24h: row.last24h, last7d: row.last7d };
      if (row.grouping === SET.all) counts.devices = n;
      else if (row.grouping === SET.byOutcome) counts.byOutcome[row.outcome as RolloutOutcome] = n;
      else if (row.grouping === SET.byRelease && row.outcome === 'offered') counts.byRelease.set(row.offeredReleaseId as number, n);
      else if (row.grouping === SET.bySystem) counts.bySystemVersion.set(row.fromSystem as string, n);
      else if (row.grouping === SET.byApp) counts.byAppVersion.set(row.fromApp as string, n);
    }
    return counts;
  }

  async purgeSeenBefore(cutoff: Date, limit: number): Promise<number> {
    return this.db.client.$executeRaw`
      DELETE FROM "firmware"."rollout_check" WHERE ctid IN (
        SELECT ctid FROM "firmware"."rollout_check" WHERE last_seen_at < ${cutoff} LIMIT ${limit})`;
  }
}
