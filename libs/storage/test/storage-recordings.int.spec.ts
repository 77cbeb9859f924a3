/**
 * The recording index and its objects against real PostgreSQL: ingest under the device's current owner
 * (refused without one, undone when the device changes hands meanwhile), the owner-scoped range and day
 * queries, orphaned uploads, time-based retention, object deletions retried until the store confirms, and
 * the service's readiness checks and metrics.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, STORAGE_LIMITS, colonMac } from '@dcp/contracts';
import { describeWithInfra } from '@dcp/testing';
import { FootageIndex } from '../src/recordings/footage-index';
import { SegmentRepository } from '../src/recordings/segment.repository';
import { FilesystemObjectStore } from '../src/objects/fs-object-store';
import type { ObjectStore } from '../src/objects/object-store';
import { ObjectDeletions, UPLOAD_GRACE_MS } from '../src/retention/object-deletions';
import { type StorageHarness, newMac, newUserId, rejection, startStorageHarness, tsBytes } from './storage-harness';

const DAY = 86_400;

describeWithInfra(['postgres'], 'storage: recording index and objects (PostgreSQL)', () => {
  let h: StorageHarness;
  let repo: SegmentRepository;
  let index: FootageIndex;

  beforeAll(async () => {
    h = await startStorageHarness();
    repo = h.module.get(SegmentRepository, { strict: false });
    index = h.module.get(FootageIndex, { strict: false });
  });
  afterAll(async () => h?.close());
  afterEach(() => (h.onOwnerLookup = undefined));

  const nowS = () => Math.floor(h.clock.now() / 1000);
  const rows = async (mac: string) => (await h.sql.query('SELECT user_id, start_epoch_s::int AS start, duration_ms, type, bytes, object_key FROM storage.segment WHERE mac_addr = $1 ORDER BY start_epoch_s', [mac])).rows;
  const pendingDeletions = async (key: string) => (await h.sql.query('SELECT attempts, last_error, not_before FROM storage.object_deletion WHERE object_key = $1', [key])).rows;

  it('ingest stores the row under the current owner and the bytes in the object store; the upload guard is gone', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    const start = nowS() - 100;
    const view = await h.ingest(colonMac(mac)!.toLowerCase().replace(/:/g, '-'), start, { duration: 1.5, type: 9, bytes: tsBytes(3) });
    expect(view).toMatchObject({ devId: mac, userId: owner, start, duration: 1.5, type: 9, bytes: 564 });
    const [row] = await rows(mac);
    expect(row).toMatchObject({ user_id: owner, duration_ms: 1500, type: 9, bytes: 564, object_key: `segments/${mac}/${view.segmentId}.ts` });
    expect(h.objectFiles()).toContain(`${view.segmentId}.ts`);
    expect(await pendingDeletions(row.object_key)).toEqual([]);
  });

  it('answers the stored segment when the same one is sent again (a retried upload), and refuses a different one at the same start and type', async () => {
    const mac = newMac();
    h.bind(mac, newUserId());
    const start = nowS() - 300;
    const first = await h.ingest(mac, start, { duration: 2, type: 1, bytes: tsBytes(4) });
    await h.sweeper.sweep();
    const filesBefore = new Set(h.objectFiles());

    const again = await h.ingest(mac, start, { duration: 2, type: 1, bytes: tsBytes(4) });
    expect(again).toEqual(first);
    const other = await rejection(h.ingest(mac, start, { duration: 3, type: 1, bytes: tsBytes(5) }));
    expect([other.code, other.failureDetails]).toEqual([ErrorCode.ADMIN_CONFLICT, `device ${mac} already has a different type-1 segment starting at ${start}`]);
    // The two extra uploads' objects go at the next sweep; the stored segment's object stays.
    await h.sweeper.sweep();
    expect(new Set(h.objectFiles())).toEqual(filesBefore);
    expect(filesBefore.has(`${first.segmentId}.ts`)).toBe(true);

    // Another type at the same second is another segment.
    expect((await h.ingest(mac, start, { duration: 2, type: 2, bytes: tsBytes(4) })).segmentId).not.toBe(first.segmentId);
    expect((await rows(mac)).map((r) => r.type)).toEqual([1, 2]);
  });

  it('refuses a device without an owner (ADMIN_CONFLICT) before storing anything', async () => {
    const mac = newMac();
    const before = h.objectFiles().length;
    const err = await rejection(h.ingest(mac, nowS() - 100));
    expect([err.code, err.failureDetails]).toEqual([ErrorCode.ADMIN_CONFLICT, expect.stringContaining('has no owner')]);
    expect(await rows(mac)).toEqual([]);
    expect(h.objectFiles()).toHaveLength(before);
  });

  it('a device that changes hands while its segment is stored: the row is removed again, the object deleted, ADMIN_CONFLICT', async () => {
    const mac = newMac();
    h.bind(mac, newUserId());
    let lookups = 0;
    h.onOwnerLookup = (m) => {
      if (m === mac && ++lookups === 2) h.bind(mac, newUserId()); // the first lookup sees the first owner, the second another
    };
    const before = new Set(h.objectFiles());
    const err = await rejection(h.ingest(mac, nowS() - 100));
    expect([err.code, err.failureDetails]).toEqual([ErrorCode.ADMIN_CONFLICT, expect.stringContaining('was unbound while the segment was stored')]);
    expect(await rows(mac)).toEqual([]);
    await h.sweeper.sweep();
    expect(h.objectFiles().filter((f) => !before.has(f))).toEqual([]);
  });

  it('an upload whose row never committed is deleted once its grace period is over', async () => {
    const store = new FilesystemObjectStore(`${h.dataDir}/objects`);
    const id = randomUUID();
    const key = `segments/AABBCCDDEEFF/${id}.ts`;
    await h.module.get(ObjectDeletions, { strict: false }).enqueue([key], new Date(h.clock.now() + UPLOAD_GRACE_MS));
    await store.put(key, tsBytes());
    await h.sweeper.sweep();
    expect(await store.get(key)).toBeDefined();
    h.clock.advance(UPLOAD_GRACE_MS / 1000 + 1);
    await h.sweeper.sweep();
    expect(await store.get(key)).toBeUndefined();
    expect(await pendingDeletions(key)).toEqual([]);
  });

  it('range queries see only the current owner\'s segments that overlap [from, to]', async () => {
    const mac = newMac();
    const [previous, current] = [newUserId(), newUserId()];
    const T = nowS() - 20_000;
    h.bind(mac, previous);
    await h.ingest(mac, T + 50, { duration: 10 });
    h.bind(mac, current);
    await h.ingest(mac, T - 499, { duration: 600 }); // started long before, still running at T + 100
    await h.ingest(mac, T + 90, { duration: 10 }); // ends exactly at T + 100: not overlapping
    await h.ingest(mac, T + 200, { duration: 5 }); // starts exactly at to: overlapping
    await h.ingest(mac, T + 201, { duration: 5 }); // after to
    const starts = async (userId: number) => (await repo.overlapping(mac, userId, T + 100, T + 200)).map((s) => s.start - T);
    expect(await starts(current)).toEqual([-499, 200]);
    expect(await starts(previous)).toEqual([]);
    expect((await repo.overlapping(mac, previous, T, T + 100)).map((s) => s.start - T)).toEqual([50]);
    // hasOverlapping (record.play) answers whether overlapping finds anything, on the same edges.
    const windows: Array<[number, number, number, boolean]> = [
      [current, T + 100, T + 200, true],
      [current, T + 206, T + 300, false], // the last segment ends exactly at T + 206
      [current, T + 205, T + 300, true],
      [current, T + 210, T + 300, false],
      [previous, T + 100, T + 200, false], // ended exactly at T + 60
      [previous, T + 59, T + 100, true],
    ];
    for (const [userId, from, to, found] of windows) expect([userId, from - T, to - T, await repo.hasOverlapping(mac, userId, from, to)]).toEqual([userId, from - T, to - T, found]);
  });

  it('recorded days: every UTC day a segment covers (crossing midnight; ending exactly at midnight touches no next day), per owner', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    const today = Math.floor(nowS() / DAY);
    const segments = [
      { start: (today - 5) * DAY + 100, duration: 10 },
      { start: (today - 3) * DAY - 5, duration: 10 }, // crosses into today - 3
      { start: (today - 1) * DAY - 10, duration: 10 }, // ends exactly at midnight
    ];
    for (const s of segments) await h.ingest(mac, s.start, { duration: s.duration });
    expect(await index.recordedDays(mac, owner)).toEqual([today - 5, today - 4, today - 3, today - 2]);
    expect(await index.recordedDays(mac, newUserId())).toEqual([]);
  });

  it('recorded hours: every UTC hour a segment covers (crossing the hour; ending exactly on the hour touches no next hour), per owner', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    const HOUR = 3600;
    const now = Math.floor(nowS() / HOUR);
    const segments = [
      { start: (now - 30) * HOUR + 100, duration: 10 },
      { start: (now - 30) * HOUR + 200, duration: 10 }, // the same hour again
      { start: (now - 20) * HOUR - 5, duration: 10 }, // crosses into hour now - 20
      { start: (now - 10) * HOUR - 10, duration: 10 }, // ends exactly on the hour
    ];
    for (const s of segments) await h.ingest(mac, s.start, { duration: s.duration });
    expect(await index.recordedHours(mac, owner)).toEqual([now - 30, now - 21, now - 20, now - 11]);
    expect(await index.recordedHours(mac, newUserId())).toEqual([]);
  });

  it('time retention: segments that ended more than 30 days ago are purged (rows and objects), younger ones stay', async () => {
    const mac = newMac();
    h.bind(mac, newUserId());
    const old = await h.ingest(mac, nowS() - 20 * DAY);
    const young = await h.ingest(mac, nowS() - 5 * DAY);
    h.clock.advance(11 * DAY);
    const result = await h.sweeper.sweep();
    expect(result.expiredSegments).toBeGreaterThanOrEqual(1);
    expect((await rows(mac)).map((r) => r.start)).toEqual([young.start]);
    expect(h.objectFiles()).not.toContain(`${old.segmentId}.ts`);
    expect(h.objectFiles()).toContain(`${young.segmentId}.ts`);
    expect(STORAGE_LIMITS.retentionDays).toBe(30);
  });

  it('the sweep forgets cameras\' quota counts of days before yesterday (CU7)', async () => {
    const mac = newMac();
    const today = Math.floor(h.clock.now() / 86_400_000);
    for (const day of [today - 3, today - 2, today - 1, today]) {
      await h.sql.query(`INSERT INTO storage.device_usage (mac_addr, day, bytes, segments) VALUES ($1, $2, 100, 1)`, [mac, day]);
    }
    await h.sweeper.sweep();
    const { rows: kept } = await h.sql.query(`SELECT day FROM storage.device_usage WHERE mac_addr = $1 ORDER BY day`, [mac]);
    expect(kept.map((r: { day: number }) => r.day)).toEqual([today - 1, today]);
  });

  it('registers its readiness checks and metrics', async () => {
    const names = h.runtime.health.entries().map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['database:storage', 'objects:storage']));
    const metrics = await h.runtime.metrics.render();
    expect(metrics).toContain('dcp_storage_object_deletions_pending');
    expect(metrics).toContain('dcp_dead_letters_open{service="storage"}');
    expect(metrics).toContain('dcp_service_operations_total{service="storage",operation="ingest_segment",outcome="ok"}');
  });

  it('the object-deletion gauge counts only due entries, and never more than its cap: a scrape reads a bounded range', async () => {
    const deletions = h.module.get(ObjectDeletions, { strict: false });
    const now = new Date();
    const before = await deletions.pendingDue(now, 1_000_000);
    await h.sql.query(
      `INSERT INTO storage.object_deletion (object_key, not_before) SELECT 'gauge/' || gen_random_uuid(), $1::timestamptz - interval '1 minute' FROM generate_series(1, 3)
       UNION ALL SELECT 'gauge/' || gen_random_uuid(), $1::timestamptz + interval '1 hour' FROM generate_series(1, 2)`,
      [now],
    );
    expect(await deletions.pendingDue(now, 1_000_000)).toBe(before + 3);
    expect(await deletions.pendingDue(now, before + 1)).toBe(before + 1);
    await h.sql.query(`DELETE FROM storage.object_deletion WHERE object_key LIKE 'gauge/%'`);
  });
});

describeWithInfra(['postgres'], 'storage: object deletions are retried until the store confirms (PostgreSQL)', () => {
  let h: StorageHarness;
  let failing = true;
  const deleted: string[][] = [];
  const root = mkdtempSync(join(tmpdir(), 'dcp-storage-flaky-'));

  beforeAll(async () => {
    const inner = new FilesystemObjectStore(root);
    const flaky: ObjectStore = {
      location: 'flaky',
      put: (k, b) => inner.put(k, b),
      get: (k) => inner.get(k),
      delete: async (keys) => {
        if (failing) throw new Error('store unavailable');
        deleted.push([...keys]);
        await inner.delete(keys);
      },
      ping: () => inner.ping(),
      close: async () => undefined,
    };
    h = await startStorageHarness({ objectStore: flaky });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps the entries with the error and a later due time, and deletes them at a later sweep', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    const view = await h.ingest(mac, Math.floor(h.clock.now() / 1000) - 60);
    const key = `segments/${mac}/${view.segmentId}.ts`;
    expect(await h.deliver('userDeleted', { userId: owner, openId: `o${owner}`, clientId: 'c', uuid: `u${owner}` })).toBe('applied');
    await h.sweeper.sweep();
    const { rows } = await h.sql.query('SELECT attempts, last_error, not_before FROM storage.object_deletion WHERE object_key = $1', [key]);
    expect(rows).toEqual([{ attempts: expect.any(Number), last_error: 'store unavailable', not_before: expect.any(Date) }]);
    expect(rows[0].attempts).toBeGreaterThanOrEqual(1);
    expect((rows[0].not_before as Date).getTime()).toBeGreaterThan(h.clock.now());
    failing = false;
    await h.sweeper.sweep();
    expect(deleted).toEqual([]); // not due yet
    h.clock.advance(61);
    await h.sweeper.sweep();
    expect(deleted.flat()).toContain(key);
    expect((await h.sql.query('SELECT 1 FROM storage.object_deletion WHERE object_key = $1', [key])).rows).toEqual([]);
  });
});
