/**
 * Baseline 3: the camera upload hand-written with Fastify and `pg` — the least an honest handler of
 * `POST /camera/v1/segments?mac&userTag&start&duration&type&timestamp&signature` must do, on the SAME database
 * and the same kind of object store as the platform (a folder, as the platform's DATA_DIR/objects):
 *   1. the body read as a Buffer (`video/mp2t` or `application/octet-stream`, at most 4 MiB), the seven values
 *      required, the MAC canonical, start/duration/type numbers, the timestamp within 300 s of now, the body
 *      188-byte packets starting 0x47;
 *   2. the camera's live stream by (MAC, userTag) — one indexed SELECT on permission.camera_stream, as
 *      permission-service reads it — its streamId decrypted (the platform's SecretBox and SECRETS_KEY), the
 *      HMAC-SHA256 over the ten lines with the body's SHA-256 checked in constant time (`@dcp/signing`);
 *   3. the bytes written with one `fs.promises.writeFile` to `<BENCH_OBJECTS_DIR>/segments/<MAC>/<uuid>.ts`
 *      (its folder made once per MAC, when the write finds it missing);
 *   4. one INSERT of the index row into its own copy of storage.segment (schema bench_baseline, same columns
 *      and indexes, the unique key included): ON CONFLICT DO NOTHING, then answered as a duplicate (200).
 * 201 with the platform's answer shape. Not done (the platform does them): the plan in service, the device's
 * current owner, the idempotent-duplicate and out-of-order reads, the quota upsert, the device plan upsert, the
 * deletion guard, the owner asked again after the write, the hop edge → storage-service over NATS. Nothing cached.
 * Environment: BENCH_PORT, DATABASE_URL, SECRETS_KEY, BENCH_OBJECTS_DIR, DATABASE_POOL_SIZE.
 */
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Pool } from 'pg';
import { CAMERA_CLOCK_SKEW_SECONDS, SecretBox, cameraSignatureMatches, cameraStringToSign } from '@dcp/signing';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10), application_name: 'bench-ingest-baseline' });
const box = new SecretBox(Buffer.from(String(process.env.SECRETS_KEY), 'hex'));
const objectsDir = String(process.env.BENCH_OBJECTS_DIR);
const MAX_SEGMENT_BYTES = 4 * 1024 * 1024;
const FIELDS = ['mac', 'userTag', 'start', 'duration', 'type', 'timestamp', 'signature'] as const;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function isMpegTs(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.length % 188 !== 0) return false;
  for (let i = 0; i < bytes.length; i += 188) if (bytes[i] !== 0x47) return false;
  return true;
}

interface StreamRow {
  user_id: number;
  stream_ciphertext: string;
}

/** The owner whose live stream signed the request, or a refusal. */
async function verify(mac: string, v: Record<(typeof FIELDS)[number], string>, body: Buffer): Promise<number> {
  const { rows } = await pool.query<StreamRow>({
    name: 'bench-live-streams',
    text: 'SELECT user_id, stream_ciphertext FROM "permission"."camera_stream" WHERE ipc_mac = $1 AND user_tag = $2 AND revoked_at IS NULL LIMIT 4',
    values: [mac, v.userTag],
  });
  const text = cameraStringToSign({ operation: 'segment', mac: v.mac, userTag: v.userTag, start: v.start, duration: v.duration, type: v.type, timestamp: v.timestamp, body });
  for (const row of rows) {
    if (cameraSignatureMatches(box.decrypt(row.stream_ciphertext, `camera-stream:${mac}:${row.user_id}`), text, v.signature)) return row.user_id;
  }
  throw new Refusal(401, 'CR0401', 'camera credentials refused');
}

async function writeObject(key: string, bytes: Buffer): Promise<void> {
  const file = join(objectsDir, key);
  try {
    await writeFile(file, bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, bytes);
  }
}

const app = Fastify({ logger: false });
app.removeAllContentTypeParsers();
app.addContentTypeParser(['video/mp2t', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_SEGMENT_BYTES }, (_req, body, done) => done(null, body));
app.setErrorHandler((err, _req, reply) => {
  const refusal = err instanceof Refusal ? err : new Refusal(503, '000099', String((err as Error).message));
  void reply.status(refusal.status).send({ errorCode: refusal.code, failureDetails: refusal.message, serverTime: Math.floor(Date.now() / 1000) });
});

app.get('/gateway', async () => ({ errorCode: '', failureDetails: '' }));
app.post('/camera/v1/segments', async (req, reply) => {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const v = {} as Record<(typeof FIELDS)[number], string>;
  for (const f of FIELDS) {
    const value = q[f];
    if (typeof value !== 'string' || value === '' || value.length > 128) throw new Refusal(400, 'CR0400', `invalid parameter ${f}`);
    v[f] = value;
  }
  const mac = v.mac.replace(/[:-]/g, '').toUpperCase();
  if (!/^[0-9A-F]{12}$/.test(mac)) throw new Refusal(400, 'CR0400', 'invalid parameter mac');
  const nowS = Date.now() / 1000;
  const start = Number(v.start);
  const durationMs = Math.round(Number(v.duration) * 1000);
  const type = Number(v.type);
  if (!Number.isInteger(start) || start > nowS + CAMERA_CLOCK_SKEW_SECONDS || !(durationMs > 0 && durationMs <= 600_000) || !Number.isInteger(type) || type < 0 || type > 65535) throw new Refusal(400, 'CR0400', 'invalid parameter start, duration or type');
  if (Math.abs(Number(v.timestamp) - nowS) > CAMERA_CLOCK_SKEW_SECONDS) throw new Refusal(401, 'CR0402', 'timestamp too far from server time');
  const body = req.body;
  if (!Buffer.isBuffer(body) || !isMpegTs(body)) throw new Refusal(415, 'CR0415', 'not an MPEG transport stream');

  const userId = await verify(mac, v, body);
  const id = randomUUID();
  const objectKey = `segments/${mac}/${id}.ts`;
  await writeObject(objectKey, body);
  const inserted = await pool.query({
    name: 'bench-segment-insert',
    text: `INSERT INTO bench_baseline.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes)
           VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    values: [id, mac, userId, start, durationMs, type, objectKey, body.length],
  });
  const duplicate = inserted.rowCount === 0;
  return reply
    .status(duplicate ? 200 : 201)
    .header('cache-control', 'no-store')
    .send({ errorCode: '000000', data: { segmentId: id, devId: mac, start, duration: durationMs / 1000, type, bytes: body.length, duplicate } });
});

async function main(): Promise<void> {
  // Its own index table, shaped and indexed like the platform's (see the header).
  await pool.query('CREATE SCHEMA IF NOT EXISTS bench_baseline');
  await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline.segment (LIKE "storage"."segment" INCLUDING ALL)');
  await mkdir(objectsDir, { recursive: true });
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
}

main().catch((err: unknown) => {
  process.stderr.write(`ingest baseline: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
