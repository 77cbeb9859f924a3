/**
 * Issue 23 on storage-service: record.query and record.date.query of a camera recording around the clock read
 * in proportion to the answer (its clips, its hours), not to its footage, and every statement of the path
 * (retention's window, the clips with their cut edges, the hours) reaches its rows through an index. Pinned on
 * 133,000 segments, 1,001 plans and 20,000 finished purge jobs (generate_series, then ANALYZE): a device recording for 30 days in 60-s segments with a
 * 30-s reconnect every two hours (43,200 segments, 360 clips, 720 hours) beside 1,000 devices of 90 segments
 * each; the statements are captured as the code sends them and their plans and pages asked of PostgreSQL.
 */
import { serviceDatabaseToken } from '@dcp/runtime';
import { blocksTouching, captureStatements, describeWithInfra, plansTouching } from '@dcp/testing';
import { toDateList, toRecordList } from '../src/recordings/clips';
import { FootageIndex } from '../src/recordings/footage-index';
import { RecordingWindow } from '../src/retention/recording-window';
import type { StorageDatabase } from '../src/storage-database.types';
import { type StorageHarness, newMac, newUserId, startStorageHarness } from './storage-harness';

const DAY = 86_400;
const SEGMENT_S = 60;
/** A 30-s reconnect after every 120 segments (two hours). */
const RUN = 120;
const RECORDING_SEGMENTS = 30 * 24 * 60;
const OTHER_DEVICES = 1_000;
const OTHER_SEGMENTS = 90;
const TABLES = ['segment', 'clip', 'footage_hour', 'device_plan', 'purge_job'];
/**
 * Pages one statement may touch: the week of clip or hour rows retention shows and a few index descents at the
 * cuts take 10–15; the recording device's segments alone fill about 500 pages of the segment table.
 */
const MAX_BLOCKS = 60;

describeWithInfra(['postgres'], 'storage-service: query plans of the recordings index at scale (PostgreSQL)', () => {
  let h: StorageHarness;
  let index: FootageIndex;
  let window: RecordingWindow;
  const mac = newMac();
  const user = newUserId();
  let T: number;

  beforeAll(async () => {
    h = await startStorageHarness();
    index = h.module.get(FootageIndex, { strict: false });
    window = h.module.get(RecordingWindow, { strict: false });
    T = Math.floor(h.clock.now() / 1000 / 3600) * 3600 - 30 * DAY;
    // The recording device: segment i starts at T + 60 i, plus 30 s per reconnect before it.
    await h.sql.query(
      `INSERT INTO storage.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes)
       SELECT gen_random_uuid(), $1::varchar, $2::int, $3::bigint + i * ${SEGMENT_S} + (i / ${RUN}) * 30, ${SEGMENT_S * 1000}, 0, 'segments/' || $1::varchar || '/' || i || '.ts', 188
       FROM generate_series(0, ${RECORDING_SEGMENTS - 1}) i`,
      [mac, user, T],
    );
    // Others: 90 back-to-back 4-s segments each, over the same days.
    await h.sql.query(
      `INSERT INTO storage.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes)
       SELECT gen_random_uuid(), upper(lpad(to_hex(d), 12, '0')), 1000000 + d, $1::bigint + d * 2500 + s * 4, 4000, 0, 'segments/' || d || '/' || s || '.ts', 188
       FROM generate_series(1, ${OTHER_DEVICES}) d, generate_series(0, ${OTHER_SEGMENTS - 1}) s`,
      [T],
    );
    // The recording device's clips as the index keeps them (a whole rebuild), the others' one clip each; all hours.
    const db: StorageDatabase = h.module.get(serviceDatabaseToken('storage'), { strict: false });
    await db.client.$transaction((tx) => index.rebuildAll(tx, mac, user), { timeout: 60_000 });
    await h.sql.query(
      `INSERT INTO storage.clip (mac_addr, user_id, start_epoch_s, first_duration_ms, first_segment_id, last_start_epoch_s, end_ms, type)
       SELECT mac_addr, user_id, min(start_epoch_s), 4000, (array_agg(id ORDER BY start_epoch_s))[1], max(start_epoch_s), max(start_epoch_s * 1000 + duration_ms), 0
       FROM storage.segment WHERE user_id > 1000000 GROUP BY 1, 2`,
    );
    await h.sql.query(
      `INSERT INTO storage.footage_hour (mac_addr, user_id, hour, segments, starts, bytes)
       SELECT s.mac_addr, s.user_id, h, count(*), count(*) FILTER (WHERE h = s.start_epoch_s / 3600), sum(s.bytes) FILTER (WHERE h = s.start_epoch_s / 3600)
       FROM storage.segment s, generate_series((s.start_epoch_s / 3600)::int, ((s.start_epoch_s * 1000 + s.duration_ms - 1) / 3600000)::int) h
       GROUP BY 1, 2, 3`,
    );
    // A 7-day plan: retention's cut falls inside a clip, 23 days into the footage.
    await h.sql.query(`INSERT INTO storage.device_plan (mac_addr, user_id, retention_days, plan_ends_at, updated_at) VALUES ($1, $2, 7, now() + interval '30 days', now())`, [mac, user]);
    // Every other device has its plan, and a month of unbinds left 20,000 finished purge jobs (kept 30 days).
    await h.sql.query(
      `INSERT INTO storage.device_plan (mac_addr, user_id, retention_days, plan_ends_at, updated_at)
       SELECT upper(lpad(to_hex(d), 12, '0')), 1000000 + d, 30, now() + interval '30 days', now() FROM generate_series(1, ${OTHER_DEVICES}) d`,
    );
    await h.sql.query(
      `INSERT INTO storage.purge_job (user_id, mac_addr, reason, requested_at, purged, batches, done_at)
       SELECT 2000000 + j, upper(lpad(to_hex(j), 12, '0')), 'device.unbound', now() - interval '1 day', 90, 1, now() - interval '1 day' FROM generate_series(1, 20000) j`,
    );
    for (const table of TABLES) await h.sql.query(`ANALYZE storage.${table}`);
  }, 180_000);
  afterAll(() => h?.close());

  it('record.query over 30 days and record.date.query, retention cutting a clip: every statement through an index, each reading a few dozen pages', async () => {
    const nowS = Math.floor(h.clock.now() / 1000);
    const { result, statements } = await captureStatements(async () => {
      const afterMs = await window.visibleAfterMs(mac, user);
      // The query ends inside a clip too (its end is cut at the last segment starting by recordEt).
      const clips = await index.recordList(mac, user, Math.max((nowS - 30 * DAY) * 1000, afterMs), nowS - 3 * DAY + 17);
      const hours = await index.recordedHours(mac, user, afterMs);
      return { afterMs, clips, hours };
    });
    const cutS = Math.floor(result.afterMs / 1000);
    expect(cutS).toBe(nowS - 7 * DAY);
    const list = toRecordList(result.clips).map((r) => r.map(Number));
    // The first clip starts at the first segment ending after the cut, the last ends at the query's cut segment.
    expect(list.length).toBeGreaterThan(40);
    expect(list[0][0]).toBeLessThanOrEqual(cutS);
    expect(list[0][0]).toBeGreaterThan(cutS - SEGMENT_S);
    expect(list.at(-1)?.[1]).toBeGreaterThan(nowS - 3 * DAY + 17);
    expect(list.at(-1)?.[1]).toBeLessThanOrEqual(nowS - 3 * DAY + 17 + SEGMENT_S + 30);
    expect(toDateList(result.hours).length).toBeGreaterThanOrEqual(7 * 24);

    const plans = await plansTouching(h.sql, statements, TABLES);
    // The plan and the purge (the window), the clips with their cuts, the hours.
    expect(plans.length).toBe(4);
    expect(plans.filter((p) => p.wholeTableScans.length > 0)).toEqual([]);
    const costs = await blocksTouching(h.sql, statements, TABLES);
    expect(costs.filter((c) => c.blocks > MAX_BLOCKS)).toEqual([]);
  });

  it('the page bound can fail: reading the 30 days of segments the summaries replace touches far more', async () => {
    const [cost] = await blocksTouching(
      h.sql,
      [{ text: 'SELECT id, start_epoch_s, duration_ms, type FROM "storage"."segment" WHERE mac_addr = $1 AND user_id = $2 AND start_epoch_s >= $3', values: [mac, user, T] }],
      ['segment'],
    );
    expect(cost.blocks).toBeGreaterThan(4 * MAX_BLOCKS);
  });
});
