/**
 * What the rollout progress summary must equal (docs/decisions.md F24), computed straight from rollout_check
 * for the integration specs: the view's counts as the aggregate over every row answered them before the
 * summary existed, and the summary and device rows as they follow from the rows.
 */
import type { ModelProgressView } from '@dcp/contracts';
import type { Client } from 'pg';
import { ROLLOUT_OUTCOMES, type RolloutOutcome } from '../src/progress/rollout-check';
import type { DeviceCounts, ProgressCounts } from '../src/progress/rollout-summary';

/** Rows of a statement: a pg client on PostgreSQL, or a query function (PGlite through the Prisma client). */
export type SqlRunner = Client | ((text: string, params: unknown[]) => Promise<Record<string, unknown>[]>);

const rowsOf = async (sql: SqlRunner, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> =>
  typeof sql === 'function' ? sql(text, params) : (await sql.query(text, params)).rows;

/**
 * The progress view's statement before the summary (one pass over every row of the model's long window, grouping
 * sets), kept verbatim as the reference: the summary's answer for windows starting at whole hours must equal it.
 */
const AGGREGATE = `
  SELECT GROUPING(from_system, from_app, outcome, offered_release_id)::int AS "grouping",
         from_system AS "fromSystem", from_app AS "fromApp", outcome, offered_release_id AS "offeredReleaseId",
         (count(DISTINCT mac_addr) FILTER (WHERE last_seen_at >= $1))::int AS "last24h",
         count(DISTINCT mac_addr)::int AS "last7d"
  FROM "firmware"."rollout_check"
  WHERE model_id = $2 AND last_seen_at >= $3
  GROUP BY GROUPING SETS ((from_system), (from_app), (outcome, offered_release_id), (outcome), ())`;

/** GROUPING(from_system, from_app, outcome, offered_release_id) of each grouping set: a bit is set for a column not grouped by. */
const SET = { bySystem: 0b0111, byApp: 0b1011, byRelease: 0b1100, byOutcome: 0b1101, all: 0b1111 } as const;

export async function aggregateProgress(sql: SqlRunner, modelId: number, windows: { from24h: Date; from7d: Date }): Promise<ProgressCounts> {
  const rows = await rowsOf(sql, AGGREGATE, [windows.from24h, modelId, windows.from7d]);
  const none = (): DeviceCounts => ({ last24h: 0, last7d: 0 });
  const counts: ProgressCounts = {
    devices: none(),
    byOutcome: Object.fromEntries(ROLLOUT_OUTCOMES.map((o) => [o, none()])) as Record<RolloutOutcome, DeviceCounts>,
    byRelease: new Map(),
    bySystemVersion: new Map(),
    byAppVersion: new Map(),
  };
  for (const row of rows) {
    const n = { last24h: row.last24h as number, last7d: row.last7d as number };
    if (row.grouping === SET.all) counts.devices = n;
    else if (row.grouping === SET.byOutcome) counts.byOutcome[row.outcome as RolloutOutcome] = n;
    else if (row.grouping === SET.byRelease && row.outcome === 'offered') counts.byRelease.set(row.offeredReleaseId as number, n);
    else if (row.grouping === SET.bySystem) counts.bySystemVersion.set(row.fromSystem as string, n);
    else if (row.grouping === SET.byApp) counts.byAppVersion.set(row.fromApp as string, n);
  }
  return counts;
}

/** The counts of a progress view, in the shape of ProgressCounts' (plain objects), to compare with aggregateProgress. */
export function countsOfView(view: ModelProgressView): unknown {
  const byType = (type: number) => Object.fromEntries(view.fromVersions.filter((v) => v.type === type).map((v) => [v.version, v.devices]));
  return {
    devices: view.devices,
    byOutcome: { offered: view.answers.offered, up_to_date: view.answers.upToDate, not_rolled_out: view.answers.notRolledOut, refused: view.answers.refused },
    byRelease: Object.fromEntries(view.releases.filter((r) => r.offered.last7d > 0).map((r) => [r.id, r.offered])),
    bySystemVersion: byType(1),
    byAppVersion: byType(2),
  };
}

/** ProgressCounts with plain objects for its maps, as countsOfView gives them. */
export function plainCounts(counts: ProgressCounts): unknown {
  return {
    devices: counts.devices,
    byOutcome: counts.byOutcome,
    byRelease: Object.fromEntries(counts.byRelease),
    bySystemVersion: Object.fromEntries(counts.bySystemVersion),
    byAppVersion: Object.fromEntries(counts.byAppVersion),
  };
}

/** Per device and breakdown (rollout-summary.ts breakdownsOf), the hour of its latest answer there. */
const LATEST_BY_BREAKDOWN = `
  SELECT c.model_id, c.mac_addr, b.dimension, b.value,
         date_bin('1 hour', max(c.last_seen_at), TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour_start
  FROM firmware.rollout_check c
  CROSS JOIN LATERAL (VALUES ('devices', ''), ('outcome', c.outcome), ('system', c.from_system), ('app', c.from_app),
                             ('release', CASE WHEN c.outcome = 'offered' THEN c.offered_release_id::text END)) AS b(dimension, value)
  WHERE b.value IS NOT NULL
  GROUP BY c.model_id, c.mac_addr, b.dimension, b.value`;

/**
 * Where rollout_summary and rollout_device differ from what the rows make them (none when exact): a summary
 * row per model, breakdown and hour counting the devices whose latest answer there falls in that hour (rows
 * counting no device may stay until the purge forgets them), a device row per device with rows holding
 * those hours, and never a negative count.
 */
export async function summaryDiscrepancies(sql: SqlRunner): Promise<unknown[]> {
  const summary = await rowsOf(
    sql,
    `
    WITH latest AS (${LATEST_BY_BREAKDOWN}),
         expected AS (SELECT model_id, hour_start, dimension, value, count(*)::int AS devices FROM latest GROUP BY 1, 2, 3, 4)
    SELECT 'rollout_summary' AS "table", model_id, hour_start, dimension, value, e.devices AS expected, s.devices AS stored
    FROM expected e FULL JOIN (SELECT * FROM firmware.rollout_summary WHERE devices <> 0) s USING (model_id, hour_start, dimension, value)
    WHERE e.devices IS DISTINCT FROM s.devices`,
  );
  const devices = await rowsOf(
    sql,
    `
    WITH latest AS (${LATEST_BY_BREAKDOWN}),
         expected AS (
           SELECT model_id, mac_addr, jsonb_object_agg(dimension || ':' || value, (extract(epoch FROM hour_start) * 1000)::bigint) AS counted_in
           FROM latest GROUP BY 1, 2)
    SELECT 'rollout_device' AS "table", model_id, mac_addr, e.counted_in AS expected, d.counted_in AS stored
    FROM expected e FULL JOIN firmware.rollout_device d USING (model_id, mac_addr)
    WHERE e.counted_in IS DISTINCT FROM d.counted_in`,
  );
  const negative = await rowsOf(sql, `SELECT 'negative' AS "table", * FROM firmware.rollout_summary WHERE devices < 0`);
  return [...summary, ...devices, ...negative];
}
