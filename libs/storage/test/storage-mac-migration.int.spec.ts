/**
 * The data migration to the canonical MAC of 12 hex digits (docs/decisions.md D1, D25) against real
 * PostgreSQL: a database as the previous release left it (migrations up to the one before
 * `mac_canonical_hex`, segments indexed under the colon form, their objects already under
 * `segments/<12 hex>/…`) is migrated; then the stream operations (range and day queries, record.play and the
 * signed playback it hands out), a retried ingest and the purge on device.unbound all find those segments
 * by the canonical MAC.
 */
import { randomUUID } from 'node:crypto';
import { type GatewayResult, STORAGE_RPC, gatewaySubject } from '@dcp/contracts';
import { migrateService, migrationNames, serviceDatabase } from '@dcp/database';
import { md5Hex } from '@dcp/signing';
import { describeWithInfra } from '@dcp/testing';
import { Client } from 'pg';
import { OBJECT_STORE, type ObjectStore } from '../src/objects/object-store';
import { toDateList } from '../src/recordings/clips';
import { type StorageHarness, startStorageHarness, tsBytes } from './storage-harness';

const MIGRATION = '_mac_canonical_hex';
const DAY = 86_400;
const OWNER = 9101;
const PREVIOUS_OWNER = 9102;
const MAC = '5ABBCCDDEE01';

interface Seeded {
  id: string;
  mac: string;
  userId: number;
  start: number;
  key: string;
}

describeWithInfra(['postgres'], 'storage: segments indexed in the colon form, after the migration to 12 hex digits (PostgreSQL)', () => {
  let h: StorageHarness;
  const seeded: Seeded[] = [];
  const base = Math.floor(Date.now() / 1000) - 3 * DAY;
  const lingeringKey = `segments/5ABBCCDDEE09/${randomUUID()}.ts`;

  beforeAll(async () => {
    h = await startStorageHarness({
      prepareDatabase: async (url) => {
        const def = serviceDatabase('storage');
        const names = migrationNames(def);
        const ours = names.findIndex((n) => n.endsWith(MIGRATION));
        expect(ours).toBeGreaterThan(0);
        await migrateService(def, { kind: 'postgres', url }, { upTo: names[ours - 1] });
        const sql = new Client({ connectionString: url });
        await sql.connect();
        try {
          const segment = async (colon: string, userId: number, start: number) => {
            const id = randomUUID();
            const mac = colon.replace(/:/g, '');
            const key = `segments/${mac}/${id}.ts`;
            await sql.query(
              `INSERT INTO storage.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes) VALUES ($1, $2, $3, $4, 10000, 1, $5, $6)`,
              [id, colon, userId, start, key, tsBytes().length],
            );
            seeded.push({ id, mac, userId, start, key });
          };
          await segment('5A:BB:CC:DD:EE:01', OWNER, base);
          await segment('5A:BB:CC:DD:EE:01', OWNER, base + 10);
          await segment('5A:BB:CC:DD:EE:01', OWNER, base + DAY);
          await segment('5A:BB:CC:DD:EE:01', PREVIOUS_OWNER, base - DAY);
          await segment('5A:BB:CC:DD:EE:02', OWNER, base);
          await sql.query(`INSERT INTO storage.object_deletion (object_key, not_before) VALUES ($1, now() + interval '1 day')`, [lingeringKey]);
        } finally {
          await sql.end();
        }
        expect((await migrateService(def, { kind: 'postgres', url })).applied).toEqual(names.slice(ours));
      },
    });
    const store = h.module.get<ObjectStore>(OBJECT_STORE, { strict: false });
    for (const s of seeded) await store.put(s.key, tsBytes());
    h.bind(MAC, OWNER);
    h.bind('5ABBCCDDEE02', OWNER);
  });
  afterAll(async () => h?.close());

  /** A stream call as the edge forwards it, with the owner's session (subtoken of the stand-in sso-service). */
  const stream = async (service: string, devId: string, params: Record<string, string> = {}): Promise<GatewayResult> => {
    const timestamp = String(Math.floor(h.clock.now() / 1000) + 60);
    return (await h.runtime.rpcClient.requestRaw(gatewaySubject(service), { service, params: { devId, timestamp, sessionToken: md5Hex(`subtoken-${OWNER}${timestamp}`), version: '1.0', ...params } })) as GatewayResult;
  };

  it('indexes every segment under the canonical MAC, in a column of 12 characters; object keys are untouched', async () => {
    const { rows } = await h.sql.query(`SELECT id::text, mac_addr, object_key FROM storage.segment ORDER BY start_epoch_s, mac_addr`);
    expect(rows).toEqual(
      [...seeded].sort((a, b) => a.start - b.start || a.mac.localeCompare(b.mac)).map((s) => ({ id: s.id, mac_addr: s.mac, object_key: s.key })),
    );
    const column = await h.sql.query(`SELECT character_maximum_length AS n FROM information_schema.columns WHERE table_schema = 'storage' AND table_name = 'segment' AND column_name = 'mac_addr'`);
    expect(column.rows).toEqual([{ n: 12 }]);
    expect((await h.sql.query(`SELECT object_key FROM storage.object_deletion`)).rows).toEqual([{ object_key: lingeringKey }]);
  });

  it('record.query and record.date.query find the owner\'s segments by devId in any spelling', async () => {
    for (const devId of [MAC, '5a:bb:cc:dd:ee:01', '5A-BB-CC-DD-EE-01']) {
      const res = await stream('record.query', devId, { recordSt: String(base - 2 * DAY), recordEt: String(base + 2 * DAY) });
      expect(res.extra).toEqual({
        recordList: [
          [String(base), String(base + 20), '1'],
          [String(base + DAY), String(base + DAY + 10), '1'],
        ],
      });
    }
    const days = await stream('record.date.query', '5abbccddee01');
    // The UTC hours the two segments cover (base … base + 20 s, base + DAY … + 10 s).
    const hour = (s: number) => Math.floor(s / 3600);
    expect(days.extra).toEqual({ dateList: toDateList([hour(base), hour(base + 19), hour(base + DAY), hour(base + DAY + 9)]) });
  });

  it('record.play hands out a URL on /hls/<12 hex>/ whose playlist and segments play the migrated segments', async () => {
    const res = await stream('record.play', '5a:bb:cc:dd:ee:01', { recordSt: String(base) });
    const recordUrl = new URL((res.extra as { recordUrl: string }).recordUrl);
    expect(recordUrl.pathname).toBe(`/hls/${MAC}/index.m3u8`);
    const q = Object.fromEntries(recordUrl.searchParams);
    const { playlist } = await h.rpc(STORAGE_RPC.playlist, { devId: MAC, from: q.from, to: q.to, expires: q.expires, sig: q.sig });
    const segmentUrls = playlist.split('\n').filter((l) => l.includes('/segments/')).map((l) => new URL(l));
    expect(segmentUrls.map((u) => u.pathname)).toEqual(seeded.filter((s) => s.mac === MAC && s.userId === OWNER && s.start < base + DAY).map((s) => `/hls/${MAC}/segments/${s.id}.ts`));
    const first = segmentUrls[0];
    const bytes = await h.rpc(STORAGE_RPC.segment, { devId: MAC, segmentId: seeded[0].id, expires: first.searchParams.get('expires')!, sig: first.searchParams.get('sig')! });
    expect(Buffer.from(bytes.contentBase64, 'base64')).toEqual(tsBytes());
  });

  it('a retried upload of a migrated segment (same device, owner, start, type) answers the stored one', async () => {
    const view = await h.ingest('5A:BB:CC:DD:EE:01', base, { duration: 10, type: 1 });
    expect(view).toMatchObject({ segmentId: seeded[0].id, devId: MAC, userId: OWNER, start: base });
    expect((await h.sql.query(`SELECT count(*)::int AS n FROM storage.segment WHERE mac_addr = $1`, [MAC])).rows[0].n).toBe(4);
  });

  it('device.unbound purges the migrated segments of that device under that owner only', async () => {
    h.bind(MAC, undefined);
    expect(await h.deliver('deviceUnbound', { macAddr: MAC, userId: OWNER, reason: 'user' })).toBe('applied');
    await h.sweeper.sweep(); // works off the purge job (CS21)
    const { rows } = await h.sql.query(`SELECT mac_addr, user_id FROM storage.segment ORDER BY mac_addr, user_id`);
    expect(rows).toEqual([
      { mac_addr: MAC, user_id: PREVIOUS_OWNER },
      { mac_addr: '5ABBCCDDEE02', user_id: OWNER },
    ]);
    await h.sweeper.sweep();
    const files = h.objectFiles();
    for (const s of seeded) expect(files.includes(`${s.id}.ts`)).toBe(!(s.mac === MAC && s.userId === OWNER));
  });
});
