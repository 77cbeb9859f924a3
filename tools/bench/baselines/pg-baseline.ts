/**
 * Baseline 2: the same gateway operations hand-written with Fastify and `pg`, minimal and honest, on the SAME
 * database the platform seeded: the accessToken is looked up by its SHA-256 (as libs/sso does) with the same
 * one-round-trip facts query over the same unique indexes, judged by the same rules, then
 *   getOemDeviceByUser — the user's devices by the (user_id, id) index, passwords decrypted (AES-256-GCM,
 *                        the platform's SecretBox and SECRETS_KEY), the same envelope;
 *   addOemDevice       — the MAC looked up, then device row + device.bound outbox row in one transaction;
 *   delOemDeviceByMac  — device row deleted + device.unbound outbox row in one transaction.
 * Its outbox rows go to its own copy of the table (schema bench_baseline, same columns and indexes) so that
 * the platform's relay does not publish them. Token checks are not cached (the platform's edge caches them).
 * Environment: BENCH_PORT, DATABASE_URL, SECRETS_KEY, DATABASE_POOL_SIZE.
 */
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { Pool, type PoolClient } from 'pg';
import { SecretBox, sha256Hex } from '@dcp/signing';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10), application_name: 'bench-pg-baseline' });
// SECRETS_KEY is 64 hex digits, as the platform reads it.
const box = new SecretBox(Buffer.from(String(process.env.SECRETS_KEY), 'hex'));

interface Answer {
  errorCode: string;
  failureDetails: string;
  data?: unknown;
}

const refuse = (errorCode: string, failureDetails: string): Answer => ({ errorCode, failureDetails });
const OK: Answer = { errorCode: '', failureDetails: '' };

const FACTS = {
  name: 'bench-token-facts',
  text: `SELECT m.id AS "merchantId", m.enabled AS "merchantEnabled",
                u.id AS "userId", u.merchant_id AS "userMerchantId",
                t.user_id AS "tokenUserId", t.kind::text AS "tokenKind", t.expires_at AS "tokenExpiresAt", t.revoked_at AS "tokenRevokedAt"
         FROM (SELECT 1) AS one
         LEFT JOIN "sso"."merchant" m ON m.client_id = $1
         LEFT JOIN "sso"."user" u ON u.open_id = $2
         LEFT JOIN "sso"."token" t ON t.hash = $3`,
};

interface Facts {
  merchantId: number | null;
  merchantEnabled: boolean | null;
  userId: number | null;
  userMerchantId: number | null;
  tokenUserId: number | null;
  tokenKind: string | null;
  tokenExpiresAt: Date | null;
  tokenRevokedAt: Date | null;
}

/** The user id, or the refusal (codes of spec 7.2, as the platform answers them). */
async function authenticate(q: Record<string, string | undefined>): Promise<number | Answer> {
  const { clientId, openId, accessToken } = q;
  if (!clientId || !openId || !accessToken) return refuse('000006', 'clientId, openId and accessToken are required');
  const { rows } = await pool.query<Facts>({ ...FACTS, values: [clientId, openId, sha256Hex(accessToken)] });
  const f = rows[0];
  if (f.merchantId === null || !f.merchantEnabled) return refuse('030010', 'application key does not exist');
  if (f.userId === null) return refuse('030030', 'openId does not exist');
  if (f.userMerchantId !== f.merchantId) return refuse('030031', 'openId does not match');
  if (f.tokenUserId !== f.userId || f.tokenKind !== 'ACCESS' || f.tokenRevokedAt !== null) return refuse('030040', 'accessToken does not match');
  if ((f.tokenExpiresAt as Date).getTime() <= Date.now()) return refuse('030041', 'accessToken expired, sign in again');
  return f.userId;
}

interface DeviceRow {
  user_id: number;
  mac_addr: string;
  device_name: string;
  product_name: string;
  username: string;
  password_ciphertext: string;
  hasusertag: number;
  support_store: number;
  support_rich_media: number;
  oem_code: string;
}

async function listDevices(userId: number): Promise<Answer> {
  const { rows } = await pool.query<DeviceRow>({
    name: 'bench-devices-of-user',
    text: `SELECT user_id, mac_addr, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code
           FROM "device"."device" WHERE user_id = $1 ORDER BY id`,
    values: [userId],
  });
  return {
    ...OK,
    data: rows.map((d) => ({
      userId: d.user_id,
      macAddr: d.mac_addr,
      deviceName: d.device_name,
      productName: d.product_name,
      username: d.username,
      password: box.decrypt(d.password_ciphertext, d.mac_addr),
      hasusertag: d.hasusertag,
      supportStore: d.support_store,
      supportRichMedia: d.support_rich_media,
      oemCode: d.oem_code,
    })),
  };
}

async function inTransaction<T>(work: (c: PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const out = await work(c);
    await c.query('COMMIT');
    return out;
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
}

function enqueue(c: PoolClient, subject: string, data: Record<string, unknown>) {
  const id = randomUUID();
  const payload = { id, type: subject, source: 'device-service', time: new Date().toISOString(), data };
  return c.query({ name: 'bench-outbox', text: 'INSERT INTO bench_baseline.outbox_event (id, subject, payload, created_at) VALUES ($1::uuid, $2, $3::jsonb, now())', values: [id, subject, JSON.stringify(payload)] });
}

const canonicalMac = (raw: string | undefined) => {
  const hex = (raw ?? '').replace(/[:-]/g, '').toUpperCase();
  return /^[0-9A-F]{12}$/.test(hex) ? hex : undefined;
};

async function addDevice(userId: number, p: Record<string, string | undefined>): Promise<Answer> {
  const mac = canonicalMac(p.macAddr);
  if (!mac) return refuse('000006', 'macAddr is invalid');
  const existing = await pool.query<{ user_id: number }>({ name: 'bench-device-by-mac', text: 'SELECT user_id FROM "device"."device" WHERE mac_addr = $1', values: [mac] });
  if (existing.rows[0]) return existing.rows[0].user_id === userId ? refuse('020040', 'device already added for the user') : refuse('020042', 'device was added by another user');
  await inTransaction(async (c) => {
    await c.query({
      name: 'bench-device-insert',
      text: `INSERT INTO "device"."device" (mac_addr, user_id, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())`,
      values: [mac, userId, p.deviceName, p.productName, p.username, box.encrypt(String(p.password), mac), Number(p.hasusertag), Number(p.supportStore), Number(p.supportRichMedia), p.oemCode],
    });
    await enqueue(c, 'dcp.device.device.bound.v1', { macAddr: mac, userId, oemCode: p.oemCode });
  });
  return OK;
}

async function deleteDevice(userId: number, p: Record<string, string | undefined>): Promise<Answer> {
  const mac = canonicalMac(p.macAddr);
  if (!mac) return refuse('000006', 'macAddr is invalid');
  return inTransaction(async (c) => {
    const gone = await c.query({ name: 'bench-device-delete', text: 'DELETE FROM "device"."device" WHERE mac_addr = $1 AND user_id = $2 RETURNING id', values: [mac, userId] });
    if (gone.rowCount === 0) return refuse('020041', 'device setting does not exist');
    await enqueue(c, 'dcp.device.device.unbound.v1', { macAddr: mac, userId, reason: 'user' });
    return OK;
  });
}

const app = Fastify({ logger: false });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

async function gateway(service: string | undefined, params: Record<string, string | undefined>): Promise<Answer> {
  const who = await authenticate(params);
  if (typeof who !== 'number') return who;
  switch (service) {
    case 'user_ipc_setting_v2_0.getOemDeviceByUser':
      return listDevices(who);
    case 'user_ipc_setting_v2_0.addOemDevice':
      return addDevice(who, params);
    case 'user_ipc_setting_v2_0.delOemDeviceByMac':
      return deleteDevice(who, params);
    default:
      return refuse('009999', 'service name does not exist');
  }
}

app.get('/gateway', async (req) => {
  const q = req.query as Record<string, string | undefined>;
  return gateway(q.service, q);
});
app.post('/gateway', async (req) => {
  const q = req.query as Record<string, string | undefined>;
  return gateway(q.service, { ...((req.body ?? {}) as Record<string, string | undefined>) });
});

async function main(): Promise<void> {
  // Its own outbox table, shaped and indexed like the platform's (see the header).
  await pool.query('CREATE SCHEMA IF NOT EXISTS bench_baseline');
  await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline.outbox_event (LIKE "device"."outbox_event" INCLUDING ALL)');
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
}

main().catch((err: unknown) => {
  process.stderr.write(`pg baseline: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
