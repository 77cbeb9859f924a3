/**
 * The clip and hour summaries (docs/decisions.md CS20) and the purge jobs (CS21) against real PostgreSQL:
 * out-of-order and duplicate ingest, bridging, retention shrinking a clip, unbind and user deletion removing
 * the summaries, a purge of 20,000 segments worked off in batches and resumed after an interruption with every
 * object deletion written once, the backfill of the migration, and — on randomized footage — record.query and
 * record.date.query answering exactly as the per-segment computation they replace (a reference in this spec).
 */
import { randomUUID } from 'node:crypto';
import { STORAGE_LIMITS } from '@dcp/contracts';
import { migrateService, migrationNames, serviceDatabase } from '@dcp/database';
import { serviceDatabaseToken } from '@dcp/runtime';
import { describeWithInfra } from '@dcp/testing';
import fc from 'fast-check';
import { Client } from 'pg';
import { AdminRecordingsUseCase } from '../src/admin/admin-recordings.use-case';
import { type ClipRow, compareSegments, foldRuns } from '../src/recordings/clip-runs';
import { groupClips, toRecordList } from '../src/recordings/clips';
import { FootageIndex } from '../src/recordings/footage-index';
import { SegmentRepository } from '../src/recordings/segment.repository';
import { FootagePurges, PURGE_BATCH } from '../src/retention/footage-purges';
import { RecordingWindow } from '../src/retention/recording-window';
import type { StorageDatabase } from '../src/storage-database.types';
import { type StorageHarness, newMac, newUserId, startStorageHarness } from './storage-harness';

const DAY = 86_400;

interface Row {
  id: string;
  start: number;
  durationMs: number;
  type: number;
}

/** The per-segment computation the summaries replace (the previous SegmentRepository + clips.ts), over rows read whole. */
const reference = {
  recordList(rows: readonly Row[], fromS: number, toS: number, afterMs: number) {
    const kept = rows
      .filter((s) => s.start >= Math.floor(fromS) - STORAGE_LIMITS.maxSegmentSeconds && s.start <= Math.floor(toS))
      .sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1)) // ORDER BY start_epoch_s, id
      .filter((s) => s.start * 1000 + s.durationMs > fromS * 1000)
      .filter((s) => s.start * 1000 + s.durationMs > afterMs);
    return toRecordList(groupClips(kept));
  },
  hours(rows: readonly Row[], afterMs: number): number[] {
    const hours = new Set<number>();
    for (const s of rows) {
      if (s.start * 1000 + s.durationMs <= afterMs) continue;
      const first = Math.floor(s.start / 3600);
      const last = Math.max(first, Math.floor((s.start * 1000 + s.durationMs - 1) / 3_600_000));
      for (let h = first; h <= last; h++) hours.add(h);
    }
    return [...hours].sort((a, b) => a - b);
  },
  clips(rows: readonly Row[]): ClipRow[] {
    return foldRuns(undefined, [...rows].sort(compareSegments));
  },
};

describeWithInfra(['postgres'], 'storage: clips and hours kept at ingest, purges in batches (PostgreSQL)', () => {
  let h: StorageHarness;
  let repo: SegmentRepository;
  let index: FootageIndex;
  let purges: FootagePurges;
  let db: StorageDatabase;
  const nowS = () => Math.floor(h.clock.now() / 1000);

  beforeAll(async () => {
    h = await startStorageHarness();
    repo = h.module.get(SegmentRepository, { strict: false });
    index = h.module.get(FootageIndex, { strict: false });
    purges = h.module.get(FootagePurges, { strict: false });
    db = h.module.get(serviceDatabaseToken('storage'), { strict: false });
  });
  afterAll(async () => h?.close());

  const insert = (mac: string, userId: number, start: number, seconds: number, type = 0, id = randomUUID()) =>
    repo.insert({ id, macAddr: mac, userId, start, durationMs: Math.round(seconds * 1000), type, objectKey: `segments/${mac}/${id}.ts`, bytes: 188 * (1 + (start % 5)) });
  const rowsOf = async (mac: string, userId: number): Promise<(Row & { bytes: number })[]> =>
    (await h.sql.query(`SELECT id::text, start_epoch_s::float8 AS start, duration_ms AS "durationMs", type, bytes FROM storage.segment WHERE mac_addr = $1 AND user_id = $2`, [mac, userId])).rows;
  const hourCounts = async (mac: string, userId: number) =>
    (await h.sql.query(`SELECT hour, segments, starts, bytes::float8 AS bytes FROM storage.footage_hour WHERE mac_addr = $1 AND user_id = $2 ORDER BY hour`, [mac, userId])).rows;
  /** Hour rows as the segments say: how many touch each hour, how many start in it and their bytes. */
  const expectedHourCounts = (rows: readonly (Row & { bytes: number })[]) => {
    const n = new Map<number, { segments: number; starts: number; bytes: number }>();
    for (const s of rows) {
      const first = Math.floor(s.start / 3600);
      const last = Math.max(first, Math.floor((s.start * 1000 + s.durationMs - 1) / 3_600_000));
      for (let hr = first; hr <= last; hr++) {
        const c = n.get(hr) ?? { segments: 0, starts: 0, bytes: 0 };
        c.segments += 1;
        if (hr === first) {
          c.starts += 1;
          c.bytes += s.bytes;
        }
        n.set(hr, c);
      }
    }
    return [...n].sort((a, b) => a[0] - b[0]).map(([hour, c]) => ({ hour, ...c }));
  };
  /** The stored summaries are exactly what the segments say. */
  const expectExact = async (mac: string, userId: number) => {
    const rows = await rowsOf(mac, userId);
    expect(await index.clips(mac, userId)).toEqual(reference.clips(rows));
    expect(await hourCounts(mac, userId)).toEqual(expectedHourCounts(rows));
  };
  /**
   * Runs `fn` on a harness of its own whose sweeper is stopped (events still poke it, in vain): purge jobs
   * wait for the spec to work them off batch by batch.
   */
  const withIdleSweeper = async (fn: () => Promise<void>) => {
    const main = { h, repo, index, purges, db };
    h = await startStorageHarness();
    repo = h.module.get(SegmentRepository, { strict: false });
    index = h.module.get(FootageIndex, { strict: false });
    purges = h.module.get(FootagePurges, { strict: false });
    db = h.module.get(serviceDatabaseToken('storage'), { strict: false });
    await h.sweeper.sweep();
    await h.sweeper.stop();
    try {
      await fn();
    } finally {
      await h.close();
      ({ h, repo, index, purges, db } = main);
    }
  };
  /** Removes rows as a refused ingest or an operator would: one transaction under the footage lock. */
  const remove = (mac: string, userId: number, ids: readonly string[], span = false) =>
    db.client.$transaction(async (tx) => {
      await index.lock(tx, mac, userId);
      const removed = [];
      for (const id of ids) removed.push(...(await repo.removeById(tx, id)));
      await index.segmentsRemoved(tx, mac, userId, removed, span);
    });

  it('out of order and again: a retried upload changes nothing; a late segment lands in its clip or splits one', async () => {
    const [mac, user] = [newMac(), newUserId()];
    const T = nowS() - DAY;
    const starts = [0, 4, 8, 12, 16, 20, 24, 28, 40, 44, 48];
    for (const s of [28, 0, 44, 8, 4, 24, 48, 12, 40, 20, 16]) expect(await insert(mac, user, T + s, 4)).toBeDefined();
    expect(starts.length).toBe(11);
    await expectExact(mac, user);
    expect(toRecordList(await index.recordList(mac, user, 0, T + DAY))).toEqual([
      [String(T), String(T + 32), '0'],
      [String(T + 40), String(T + 52), '0'],
    ]);
    // The same segment again (same start and type): no row, no hour counted twice, no clip touched.
    const clips = await index.clips(mac, user);
    const hours = await hourCounts(mac, user);
    expect(await insert(mac, user, T + 8, 4)).toBeUndefined();
    expect(await index.clips(mac, user)).toEqual(clips);
    expect(await hourCounts(mac, user)).toEqual(hours);
    // Another type late, inside a clip: it splits it (clips.ts: a change of type starts a new clip).
    await insert(mac, user, T + 10, 1, 2);
    await expectExact(mac, user);
    expect(toRecordList(await index.recordList(mac, user, 0, T + DAY)).map((r) => r.map(Number).map((v, i) => (i < 2 ? v - T : v)))).toEqual([
      [0, 12, 0],
      [10, 11, 2],
      [12, 32, 0],
      [40, 52, 0],
    ]);
  });

  it('concurrent uploads of one device, in and out of order, and their retries: the footage lock keeps the summaries exact', async () => {
    const [mac, user] = [newMac(), newUserId()];
    const T = nowS() - DAY;
    const starts = Array.from({ length: 60 }, (_, i) => i * 4).sort(() => Math.random() - 0.5);
    const results = await Promise.all([...starts, ...starts.slice(0, 10)].map((s, i) => insert(mac, user, T + s, i % 7 === 0 ? 3 : 4, s % 40 === 0 ? 2 : 0)));
    expect(results.filter((r) => r !== undefined).length).toBe(60);
    await expectExact(mac, user);
  });

  it('a segment bridging two clips merges them; removing it splits them again', async () => {
    const [mac, user] = [newMac(), newUserId()];
    const T = nowS() - DAY;
    await insert(mac, user, T, 10);
    await insert(mac, user, T + 20, 10);
    expect((await index.clips(mac, user)).length).toBe(2);
    const bridge = randomUUID();
    await insert(mac, user, T + 10, 10, 0, bridge);
    expect(await index.clips(mac, user)).toEqual([expect.objectContaining({ start: T, lastStart: T + 20, endMs: (T + 30) * 1000 })]);
    await remove(mac, user, [bridge]);
    await expectExact(mac, user);
    expect((await index.clips(mac, user)).map((c) => c.start - T)).toEqual([0, 20]);
  });

  it('retention shrinks a clip from its start and drops the hours it no longer touches', async () => {
    const [mac, user] = [newMac(), newUserId()];
    h.bind(mac, user);
    // Three hours of continuous footage from an hour or two before the 30 days: the sweep (no plan) takes its first part.
    const T = Math.floor((nowS() - 30 * DAY - 3600) / 3600) * 3600;
    for (let s = 0; s < 3 * 3600; s += 60) await insert(mac, user, T + s, 60);
    await expectExact(mac, user);
    const cutoffS = nowS() - STORAGE_LIMITS.retentionDays * DAY;
    await h.sweeper.sweep();
    const rows = await rowsOf(mac, user);
    expect(rows.every((r) => r.start * 1000 + r.durationMs >= cutoffS * 1000)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
    await expectExact(mac, user);
    const [clip] = await index.clips(mac, user);
    expect(clip.start).toBe(Math.min(...rows.map((r) => r.start)));
    expect(clip.endMs).toBe((T + 3 * 3600) * 1000);
    expect((await hourCounts(mac, user)).map((r) => r.hour)).toEqual(reference.hours(rows, 0));
  });

  it('a query starting or ending inside a clip, and retention\'s cut inside one, cut it at its segments', async () => {
    const [mac, user] = [newMac(), newUserId()];
    const T = Math.floor(nowS() / 3600) * 3600 - 2 * DAY;
    // A clip of 4-s segments over [T, T + 400), then a motion clip (type 1) of 10-s segments over [T + 500, T + 540).
    for (let s = 0; s < 400; s += 4) await insert(mac, user, T + s, 4);
    for (let s = 500; s < 540; s += 10) await insert(mac, user, T + s, 10, 1);
    const list = async (fromMs: number, toS: number) => toRecordList(await index.recordList(mac, user, fromMs, toS)).map((r) => r.map(Number).map((v, i) => (i < 2 ? v - T : v)));
    // Ends inside: at the end of the last segment starting by recordEt (T + 200 starts one ending at T + 204).
    expect(await list(T * 1000, T + 200)).toEqual([[0, 204, 0]]);
    expect(await list(T * 1000, T + 511)).toEqual([[0, 400, 0], [500, 520, 1]]);
    // Starts inside (the query's start or retention's cut): from the first segment ending after it.
    expect(await list((T + 250) * 1000, T + 1000)).toEqual([[248, 400, 0], [500, 540, 1]]);
    expect(await list((T + 525) * 1000, T + 1000)).toEqual([[520, 540, 1]]);
    expect(await list((T + 105) * 1000, T + 125)).toEqual([[104, 128, 0]]);
    // Both edges inside one segment.
    expect(await list((T + 301) * 1000, T + 302)).toEqual([[300, 304, 0]]);
    // Nothing ends after the start: nothing listed.
    expect(await list((T + 540) * 1000, T + 1000)).toEqual([]);
    const rows = await rowsOf(mac, user);
    for (const [fromS, toS] of [[T, T + 200], [T, T + 511], [T + 105, T + 125], [T + 250, T + 1000], [T + 525, T + 1000]]) {
      expect(toRecordList(await index.recordList(mac, user, fromS * 1000, toS))).toEqual(reference.recordList(rows, fromS, toS, 0));
    }
  });

  it('device.unbound and user.deleted: hidden at once, then the purge removes rows, hours and clips; other owners keep theirs', () => withIdleSweeper(async () => {
    const [mac, other] = [newMac(), newMac()];
    const [owner, previous] = [newUserId(), newUserId()];
    const T = nowS() - DAY;
    for (let s = 0; s < 100; s += 4) {
      await insert(mac, owner, T + s, 4);
      await insert(mac, previous, T + s, 4);
      await insert(other, owner, T + s, 4);
    }
    const window = h.module.get(RecordingWindow, { strict: false });
    {
      expect(await h.deliver('deviceUnbound', { macAddr: mac, userId: owner, reason: 'user' })).toBe('applied');
      expect(await window.visibleAfterMs(mac, owner)).toBe(Number.POSITIVE_INFINITY);
      expect(await window.visibleAfterMs(other, owner)).toBe(0);
      expect(await window.visibleAfterMs(mac, previous)).toBe(0);
      h.bind(mac, owner);
      const admin = h.module.get(AdminRecordingsUseCase, { strict: false });
      expect(await admin.execute({ mac })).toMatchObject({ days: [], total: 0 });
      while (await purges.runBatch(new Date(h.clock.now())));
      expect(await rowsOf(mac, owner)).toEqual([]);
      expect(await index.clips(mac, owner)).toEqual([]);
      expect(await hourCounts(mac, owner)).toEqual([]);
      await expectExact(mac, previous);
      expect((await index.clips(mac, previous)).length).toBe(1);
      expect(await window.visibleAfterMs(mac, owner)).toBe(0);

      expect(await h.deliver('userDeleted', { userId: owner, openId: 'o', clientId: 'c', uuid: 'u' })).toBe('applied');
      expect(await window.visibleAfterMs(other, owner)).toBe(Number.POSITIVE_INFINITY);
      while (await purges.runBatch(new Date(h.clock.now())));
      for (const m of [mac, other]) {
        expect(await rowsOf(m, owner)).toEqual([]);
        expect(await index.clips(m, owner)).toEqual([]);
        expect(await hourCounts(m, owner)).toEqual([]);
      }
      expect((await index.clips(mac, previous)).length).toBe(1);
    }
  }));

  it('a device bound again while its purge runs keeps what it records after the unbind', async () => {
    const [mac, owner] = [newMac(), newUserId()];
    const T = nowS() - DAY;
    for (let s = 0; s < 40; s += 4) await insert(mac, owner, T + s, 4);
    await h.sql.query(`INSERT INTO storage.purge_job (user_id, mac_addr, reason, requested_at) VALUES ($1, $2, 'device-unbound', now())`, [owner, mac]);
    await new Promise((r) => setTimeout(r, 5));
    const later = await insert(mac, owner, T + 40, 4);
    await h.sweeper.sweep();
    expect((await rowsOf(mac, owner)).map((r) => r.id)).toEqual([later!.id]);
    await expectExact(mac, owner);
  });

  it('randomized footage: summaries stay exact through ingest in any order, retries, removals; queries answer as the per-segment computation', async () => {
    const T = Math.floor(nowS() / 3600) * 3600 - 2 * DAY;
    // Sparse over four hours, or dense in a few minutes (overlaps, other types in between, bridges).
    const segmentArb = fc.record({ start: fc.oneof(fc.integer({ min: 0, max: 4 * 3600 }), fc.integer({ min: 3500, max: 3800 })), seconds: fc.oneof(fc.constant(4), fc.integer({ min: 1, max: 600 }), fc.double({ min: 0.5, max: 6, noNaN: true })), type: fc.integer({ min: 0, max: 2 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(segmentArb, { minLength: 1, maxLength: 40 }),
        // Runs of back-to-back segments (a camera recording): clips of many segments that queries cut inside.
        fc.array(fc.record({ start: fc.integer({ min: 0, max: 4 * 3600 }), count: fc.integer({ min: 2, max: 25 }), seconds: fc.oneof(fc.constant(4), fc.integer({ min: 1, max: 30 })), type: fc.integer({ min: 0, max: 2 }) }), { maxLength: 2 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.tuple(fc.integer({ min: -700, max: 4 * 3600 + 700 }), fc.integer({ min: 0, max: 5 * 3600 }), fc.integer({ min: -1, max: 4 * 3600 })), { minLength: 1, maxLength: 6 }),
        async (segments, runs, removals, queries) => {
          const [mac, user] = [newMac(), newUserId()];
          for (const s of segments) await insert(mac, user, T + s.start, Math.round(s.seconds * 1000) / 1000, s.type);
          for (const r of runs) for (let i = 0; i < r.count; i++) await insert(mac, user, T + r.start + i * r.seconds, r.seconds, r.type);
          await expectExact(mac, user);
          for (const r of removals) {
            const rows = await rowsOf(mac, user);
            if (rows.length === 0) break;
            const picked = [rows[r % rows.length].id, ...(r % 3 === 0 ? rows.filter((_, i) => i % 4 === r % 4).map((x) => x.id) : [])];
            // Either refold mode is exact (one window over the whole span, or a window per group).
            await remove(mac, user, [...new Set(picked)], r % 2 === 0);
            await expectExact(mac, user);
          }
          const rows = await rowsOf(mac, user);
          for (const [from, length, cut] of queries) {
            const afterMs = cut < 0 ? 0 : (T + cut) * 1000;
            const fromS = T + from;
            const toS = fromS + length;
            expect(toRecordList(await index.recordList(mac, user, Math.max(fromS * 1000, afterMs), toS))).toEqual(reference.recordList(rows, fromS, toS, afterMs));
            expect(await index.recordedHours(mac, user, afterMs)).toEqual(reference.hours(rows, afterMs));
          }
        },
      ),
      { numRuns: 80 },
    );
  }, 300_000);

  it('a purge of 20,000 segments: batches of PURGE_BATCH, resumed after an interruption, every object deletion written once', () => withIdleSweeper(async () => {
    const [macA, macB] = [newMac(), newMac()].sort();
    const user = newUserId();
    const keep = newUserId();
    const T = nowS() - 20 * DAY;
    // Bulk-seeded: 10,000 four-second segments on each of two devices, plus another user's on the first.
    for (const [mac, userId, n] of [[macA, user, 10_000], [macB, user, 10_000], [macA, keep, 100]] as const) {
      await h.sql.query(
        `INSERT INTO storage.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes)
         SELECT u.id, $1::text, $2::int, $3::bigint + g * 4, 4000, 0, 'segments/' || $1::text || '/' || u.id || '.ts', 188
         FROM generate_series(0, $4::int - 1) AS g, LATERAL (SELECT gen_random_uuid() AS id, g AS gg) AS u`,
        [mac, userId, T, n],
      );
      // What a bulk loader calls after writing storage.segment directly (the migration's backfill, CS20).
      await h.sql.query(`SELECT storage.rebuild_footage($1, $2)`, [mac, userId]);
    }
    await expectExact(macA, user);
    const keys = new Set<string>((await h.sql.query(`SELECT object_key FROM storage.segment WHERE user_id = $1`, [user])).rows.map((r) => r.object_key));
    expect(keys.size).toBe(20_000);
    {
      await h.sql.query(`INSERT INTO storage.purge_job (user_id, mac_addr, reason) VALUES ($1, NULL, 'user-deleted')`, [user]);
      const due = new Date(h.clock.now() + DAY * 1000); // not due for the sweeper: the rows stay to be counted
      const queued = async () => (await h.sql.query(`SELECT count(*)::int AS n FROM storage.object_deletion WHERE object_key = ANY($1)`, [[...keys]])).rows[0].n;
      const job = async () => (await h.sql.query(`SELECT cursor_mac, cursor_start::float8 AS cursor_start, purged, batches, done_at FROM storage.purge_job WHERE user_id = $1`, [user])).rows[0];

      const started = Date.now();
      const first = await purges.runBatch(due);
      const firstMs = Date.now() - started;
      expect(first).toMatchObject({ purged: PURGE_BATCH, done: false });
      expect(await queued()).toBe(PURGE_BATCH);
      const afterOne = await job();
      expect(afterOne).toMatchObject({ cursor_mac: macA, purged: PURGE_BATCH, batches: 1, done_at: null });

      // A worker dying in the middle of a batch: the batch rolls back whole (rows, queue, hours, clips, cursor).
      await expect(purges.runBatch(due, PURGE_BATCH, () => {
        throw new Error('worker died');
      })).rejects.toThrow('worker died');
      expect(await job()).toEqual(afterOne);
      expect(await queued()).toBe(PURGE_BATCH);
      await expectExact(macA, user);

      // Another worker (any replica) resumes from the cursor.
      let batches = 1;
      for (;;) {
        const b = await purges.runBatch(due);
        if (!b) break;
        batches++;
      }
      const done = await job();
      expect(done).toMatchObject({ purged: 20_000, done_at: expect.any(Date) });
      expect(batches).toBe(done.batches);
      expect(batches).toBeGreaterThanOrEqual(20_000 / PURGE_BATCH);
      expect(await queued()).toBe(20_000);
      const distinct = await h.sql.query(`SELECT count(*)::int AS n, count(DISTINCT object_key)::int AS d FROM storage.object_deletion WHERE object_key = ANY($1)`, [[...keys]]);
      expect(distinct.rows[0]).toEqual({ n: 20_000, d: 20_000 });
      for (const mac of [macA, macB]) {
        expect(await rowsOf(mac, user)).toEqual([]);
        expect(await index.clips(mac, user)).toEqual([]);
        expect(await hourCounts(mac, user)).toEqual([]);
      }
      await expectExact(macA, keep);
      expect((await rowsOf(macA, keep)).length).toBe(100);
      process.stdout.write(`purge: 20,000 segments in ${batches} batches; the first batch took ${firstMs} ms\n`);
    }
  }), 120_000);

  it('rebuilds (SQL and keyset pages alike) and prints how long the summaries take to answer for 30 days of footage (timings not asserted)', async () => {
    const [mac, user] = [newMac(), newUserId()];
    const T = nowS() - 30 * DAY;
    // 30 days of 4-second segments would be 650,000 rows; 65,000 at 40 s keep the spec quick and the shape.
    await h.sql.query(
      `INSERT INTO storage.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes)
       SELECT u.id, $1::text, $2::int, $3::bigint + g * 40, 40000, CASE WHEN g % 500 < 20 THEN 2 ELSE 0 END, 'segments/' || $1::text || '/' || u.id || '.ts', 188
       FROM generate_series(0, 64799) AS g, LATERAL (SELECT gen_random_uuid() AS id, g AS gg) AS u`,
      [mac, user, T],
    );
    // The fallback rebuild in keyset pages and the SQL one agree.
    await h.sql.query(`SELECT storage.rebuild_footage($1, $2)`, [mac, user]);
    const built = await index.clips(mac, user);
    await db.client.$transaction((tx) => index.rebuildAll(tx, mac, user), { timeout: 60_000 });
    expect(await index.clips(mac, user)).toEqual(built);
    expect(built.length).toBeGreaterThan(100);
    const time = async (what: string, fn: () => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = process.hrtime.bigint();
        await fn();
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      ms.sort((a, b) => a - b);
      process.stdout.write(`${what}: p50 ${ms[10].toFixed(2)} ms, max ${ms[19].toFixed(2)} ms\n`);
    };
    await time('record.query over 30 days (index.recordList)', () => index.recordList(mac, user, (T + 17) * 1000, T + 30 * DAY));
    await time('record.date.query (index.recordedHours)', () => index.recordedHours(mac, user, (T + 17) * 1000));
    await time('the same answer per segment (the old way)', async () => reference.recordList(await rowsOf(mac, user), T + 17, T + 30 * DAY, 0));
  }, 120_000);
});

describeWithInfra(['postgres'], 'storage: the migration builds clips and hours of the segments already stored (PostgreSQL)', () => {
  it('backfills exactly what the maintenance keeps', async () => {
    const MIGRATION = '_footage_summaries';
    const seeded: Array<Row & { mac: string; userId: number }> = [];
    const T = Math.floor(Date.now() / 1000) - 3 * DAY;
    const h = await startStorageHarness({
      prepareDatabase: async (url) => {
        const def = serviceDatabase('storage');
        const names = migrationNames(def);
        const ours = names.findIndex((n) => n.endsWith(MIGRATION));
        expect(ours).toBeGreaterThan(0);
        await migrateService(def, { kind: 'postgres', url }, { upTo: names[ours - 1] });
        const sql = new Client({ connectionString: url });
        await sql.connect();
        try {
          const random = fc.sample(fc.record({ start: fc.integer({ min: 0, max: 7200 }), ms: fc.integer({ min: 1, max: 600_000 }), short: fc.boolean(), type: fc.integer({ min: 0, max: 2 }), device: fc.integer({ min: 0, max: 2 }) }), { numRuns: 400, seed: 42 });
          const taken = new Set<string>();
          for (const r of random) {
            const mac = `5ACCDDEEFF0${r.device}`;
            const userId = 9300 + (r.device % 2);
            if (taken.has(`${mac}/${userId}/${r.start}/${r.type}`)) continue;
            taken.add(`${mac}/${userId}/${r.start}/${r.type}`);
            const id = randomUUID();
            const durationMs = r.short ? 1 + (r.ms % 6000) : r.ms;
            await sql.query(`INSERT INTO storage.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, 188)`, [
              id,
              mac,
              userId,
              T + r.start,
              durationMs,
              r.type,
              `segments/${mac}/${id}.ts`,
            ]);
            seeded.push({ id, mac, userId, start: T + r.start, durationMs, type: r.type });
          }
        } finally {
          await sql.end();
        }
        await migrateService(def, { kind: 'postgres', url });
      },
    });
    try {
      const index = h.module.get(FootageIndex, { strict: false });
      for (const [mac, userId] of [...new Set(seeded.map((s) => `${s.mac}/${s.userId}`))].map((k) => k.split('/'))) {
        const rows = seeded.filter((s) => s.mac === mac && s.userId === Number(userId));
        expect(await index.clips(mac, Number(userId))).toEqual(reference.clips(rows));
        expect(await index.recordedHours(mac, Number(userId))).toEqual(reference.hours(rows, 0));
      }
    } finally {
      await h.close();
    }
  });
});
