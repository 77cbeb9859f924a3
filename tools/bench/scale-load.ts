/**
 * Bulk loading for `npm run bench -- scale` (./scale.ts): rows written straight into a distributed platform's
 * PostgreSQL with INSERT … SELECT over generate_series, each table cloned from a row the platform itself wrote
 * through its real surface (so ciphertexts decrypt under the bench's SECRETS_KEY and every column is one the
 * services accept). Loading is incremental: each step adds the rows between the current and the next size.
 *
 * The shapes, for a scale factor f (×1 is what ./seed.ts seeds through the surface, nothing added):
 *   users with an access token   1 000·f        devices                3 000·f (three a user)
 *   grants                       3 000·f        rollout checks         1 000·f (one firmware model)
 *   audit entries                1 000·f        published outbox rows  1 000·f (sso)
 *   segments                    30 000·f − the recording device's own (30 a filler device, contiguous)
 * and, in every platform whatever f, the heavy user's 1 000 devices and 1 000 grants (./scale.ts).
 */
import { Client } from 'pg';

export interface ScaleShape {
  users: number;
  devices: number;
  grants: number;
  rolloutChecks: number;
  auditEntries: number;
  outboxRows: number;
  segments: number;
}

export function shapeAt(factor: number): ScaleShape {
  if (factor <= 1) return { users: 0, devices: 0, grants: 0, rolloutChecks: 0, auditEntries: 0, outboxRows: 0, segments: 0 };
  return {
    users: 1_000 * factor,
    devices: 3_000 * factor,
    grants: 3_000 * factor,
    rolloutChecks: 1_000 * factor,
    auditEntries: 1_000 * factor,
    outboxRows: 1_000 * factor,
    segments: 30_000 * factor,
  };
}

/** Segments a filler device holds: contiguous 4-s segments, one clip. */
export const FILLER_SEGMENTS_PER_DEVICE = 30;
const SEGMENT_SECONDS = 4;
/** Rows a statement inserts at most: each its own transaction, so a step's progress survives and WAL stays bounded. */
const CHUNK = 250_000;

/** Filler MACs start with D, which no seeded device uses (./seed.ts: 0A, 0B, 0C, 0D, A0, E0, F0). */
export const fillerMacSql = (n: string) => `'D' || upper(lpad(to_hex(${n}), 11, '0'))`;

export class ScaleLoader {
  private constructor(private readonly db: Client) {}

  static async connect(url: string): Promise<ScaleLoader> {
    const db = new Client({ connectionString: url, application_name: 'bench-scale-loader' });
    await db.connect();
    // Bulk loading: no synchronous commit wait per chunk (the bench's own throwaway database).
    await db.query('SET synchronous_commit = off');
    return new ScaleLoader(db);
  }

  async close(): Promise<void> {
    await this.db.end();
  }

  async count(table: string, where = 'true'): Promise<number> {
    return Number((await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)).rows[0].n);
  }

  async query(sql: string, params: unknown[] = []): Promise<void> {
    await this.db.query(sql, params);
  }

  /** Runs `insert(from, to)` over [from, to) in chunks; `log` hears the rate. */
  private async chunked(what: string, from: number, to: number, insert: (lo: number, hi: number) => Promise<void>, log: (line: string) => void, chunk = CHUNK): Promise<void> {
    if (to <= from) return;
    const started = Date.now();
    for (let lo = from; lo < to; lo += chunk) await insert(lo, Math.min(to, lo + chunk));
    const s = (Date.now() - started) / 1000;
    log(`    ${what}: +${(to - from).toLocaleString('en')} rows in ${s.toFixed(1)} s (${Math.round((to - from) / Math.max(s, 0.001)).toLocaleString('en')}/s)`);
  }

  /** Adds filler rows up to `shape`; the filler numbering continues from what earlier steps loaded. */
  async loadTo(shape: ScaleShape, template: ScaleTemplate, log: (line: string) => void): Promise<void> {
    const users = await this.count('sso."user"', `uuid LIKE 'scalefill-%'`);
    await this.chunked('users', users, shape.users, (lo, hi) => this.users(lo, hi, template), log);
    await this.chunked('access tokens', await this.count('sso.token', `user_id IN (SELECT id FROM sso."user" WHERE uuid LIKE 'scalefill-%')`), shape.users, (lo, hi) => this.tokens(lo, hi), log);
    const devices = await this.count('device.device', `mac_addr LIKE 'D%'`);
    await this.chunked('devices', devices, shape.devices, (lo, hi) => this.devices(lo, hi, shape.users, template), log);
    const grants = await this.count('permission."grant"', `ipc_mac LIKE 'D%'`);
    await this.chunked('grants', grants, shape.grants, (lo, hi) => this.grants(lo, hi, shape.users, template), log);
    const checks = await this.count('firmware.rollout_check', `mac_addr LIKE 'D%'`);
    await this.chunked('rollout checks', checks, shape.rolloutChecks, (lo, hi) => this.rolloutChecks(lo, hi, template), log);
    if (shape.rolloutChecks > checks) await this.rolloutSummary(template, log);
    const audit = await this.count('sso.admin_audit_entry', `actor_name = 'scale-filler'`);
    await this.chunked('audit entries', audit, shape.auditEntries, (lo, hi) => this.auditEntries(lo, hi), log);
    const outbox = await this.count('sso.outbox_event', `subject = 'dcp.events.scale.filler'`);
    await this.chunked('published outbox rows', outbox, shape.outboxRows, (lo, hi) => this.outboxRows(lo, hi), log);
    const segments = await this.count('storage.segment', `mac_addr LIKE 'D%'`);
    // Whole devices only: a device's 30 segments are one clip, summarised once (below).
    const perDevice = FILLER_SEGMENTS_PER_DEVICE;
    const fillerSegments = Math.floor(Math.max(0, shape.segments - template.recordingDeviceSegments) / perDevice) * perDevice;
    await this.chunked('segments', segments, fillerSegments, (lo, hi) => this.segments(lo, hi, template), log);
    await this.chunked('clips and hours (devices)', segments / perDevice, fillerSegments / perDevice, (lo, hi) => this.footageSummaries(lo, hi), log, Math.floor(CHUNK / perDevice));
    const started = Date.now();
    await this.db.query('ANALYZE');
    log(`    ANALYZE ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  private async users(lo: number, hi: number, t: ScaleTemplate): Promise<void> {
    await this.db.query(
      `INSERT INTO sso."user" (merchant_id, uuid, open_id, username, name, created_at, updated_at)
       SELECT $3, 'scalefill-' || g, 'scale' || lpad(g::text, 10, '0'), 'scalefill-' || g || '@example.com', 'Scale user ' || g, now(), now()
       FROM generate_series($1::int, $2::int - 1) g`,
      [lo, hi, t.merchantId],
    );
  }

  /** One live access token a filler user (what a signed-in user has), its hash unique. */
  private async tokens(lo: number, hi: number): Promise<void> {
    await this.db.query(
      `INSERT INTO sso.token (hash, kind, user_id, family, expires_at, created_at)
       SELECT encode(sha256(('scale-token-' || g)::bytea), 'hex'), 'ACCESS', u.id, gen_random_uuid(), now() + interval '30 days', now()
       FROM generate_series($1::int, $2::int - 1) g JOIN sso."user" u ON u.open_id = 'scale' || lpad(g::text, 10, '0')`,
      [lo, hi],
    );
  }

  private async devices(lo: number, hi: number, users: number, t: ScaleTemplate): Promise<void> {
    await this.db.query(
      `INSERT INTO device.device (mac_addr, user_id, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code, created_at, updated_at)
       SELECT ${fillerMacSql('g')}, u.id, d.device_name, d.product_name, d.username, d.password_ciphertext, d.hasusertag, d.support_store, d.support_rich_media, d.oem_code, now(), now()
       FROM generate_series($1::int, $2::int - 1) g
       JOIN sso."user" u ON u.open_id = 'scale' || lpad((g % $3::int)::text, 10, '0')
       CROSS JOIN (SELECT * FROM device.device WHERE mac_addr = $4) d`,
      [lo, hi, Math.max(1, users), t.deviceMac],
    );
  }

  /** Grant n is of device n (its owner): a mix of states as a fleet has them (active, not yet active, expired). */
  private async grants(lo: number, hi: number, users: number, t: ScaleTemplate): Promise<void> {
    await this.db.query(
      `INSERT INTO permission."grant" (user_id, open_id, permission_id, ipc_mac, grant_status, init_time, start_time, end_time)
       SELECT u.id, u.open_id, gr.permission_id, ${fillerMacSql('g')}, CASE g % 3 WHEN 0 THEN gr.grant_status ELSE 0 END,
              gr.init_time, CASE g % 3 WHEN 0 THEN gr.start_time END, CASE g % 3 WHEN 0 THEN gr.end_time END
       FROM generate_series($1::int, $2::int - 1) g
       JOIN sso."user" u ON u.open_id = 'scale' || lpad((g % $3::int)::text, 10, '0')
       CROSS JOIN (SELECT * FROM permission."grant" WHERE id = $4) gr`,
      [lo, hi, Math.max(1, users), t.grantId],
    );
  }

  /** Checks of the seeded firmware model from filler devices, their last sighting spread over 30 days. */
  private async rolloutChecks(lo: number, hi: number, t: ScaleTemplate): Promise<void> {
    await this.db.query(
      `INSERT INTO firmware.rollout_check (model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at)
       SELECT c.model_id, ${fillerMacSql('g')}, c.from_system, c.from_app, c.outcome, c.offered_release_id, now() - (g % 2592000) * interval '1 second'
       FROM generate_series($1::int, $2::int - 1) g
       CROSS JOIN (SELECT * FROM firmware.rollout_check WHERE mac_addr = $3 LIMIT 1) c`,
      [lo, hi, t.rolloutMac],
    );
  }

  /**
   * The progress view reads what firmware-service counts as it records (docs/decisions.md F24): checks written
   * straight into rollout_check are counted once the model's device and summary rows are rebuilt from them.
   */
  private async rolloutSummary(t: ScaleTemplate, log: (line: string) => void): Promise<void> {
    const started = Date.now();
    await this.db.query('SELECT firmware.rebuild_rollout_summary(model_id) FROM (SELECT model_id FROM firmware.rollout_check WHERE mac_addr = $1 LIMIT 1) AS m', [t.rolloutMac]);
    log(`    rollout progress summary rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  private async auditEntries(lo: number, hi: number): Promise<void> {
    await this.db.query(
      `INSERT INTO sso.admin_audit_entry (id, requested_at, completed_at, actor_name, actor_role, method, route, operation_id, tag, path, params, query, body, result, status)
       SELECT gen_random_uuid(), now() - interval '1 day' - g * interval '1 second', now() - interval '1 day' - g * interval '1 second',
              'scale-filler', 'full', 'PATCH', '/admin/v1/permissions/:code', 'patchPermissionsCode', 'Permissions',
              '/admin/v1/permissions/BENCH30', '{"code":"BENCH30"}'::jsonb, '{}'::jsonb, '{"durationDays":30}'::jsonb, 'ok', 200
       FROM generate_series($1::int, $2::int - 1) g`,
      [lo, hi],
    );
  }

  /** Published a day ago: rows the relay's purge keeps for the stream's retention. */
  private async outboxRows(lo: number, hi: number): Promise<void> {
    await this.db.query(
      `INSERT INTO sso.outbox_event (id, subject, payload, created_at, published_at)
       SELECT gen_random_uuid(), 'dcp.events.scale.filler', jsonb_build_object('n', g), now() - interval '1 day', now() - interval '1 day'
       FROM generate_series($1::int, $2::int - 1) g`,
      [lo, hi],
    );
  }

  /**
   * Segment n is the (n mod 30)-th of filler device ⌊n / 30⌋, owned by that device's owner, an hour of the last
   * 30 days (each device its own); object keys in the platform's form (the bytes are never read).
   */
  private async segments(lo: number, hi: number, t: ScaleTemplate): Promise<void> {
    await this.db.query(
      `INSERT INTO storage.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes, created_at)
       SELECT gen_random_uuid(), m.mac, d.user_id,
              $3::bigint - ((g / ${FILLER_SEGMENTS_PER_DEVICE}) % 720) * 3600 - (g % ${FILLER_SEGMENTS_PER_DEVICE}) * ${SEGMENT_SECONDS},
              ${SEGMENT_SECONDS * 1000}, 1, 'segments/' || m.mac || '/' || gen_random_uuid() || '.ts', 180000, now()
       FROM generate_series($1::int, $2::int - 1) g
       CROSS JOIN LATERAL (SELECT ${fillerMacSql(`(g / ${FILLER_SEGMENTS_PER_DEVICE})`)} AS mac) m
       JOIN device.device d ON d.mac_addr = m.mac`,
      [lo, hi, t.segmentsEndEpochS],
    );
  }

  /**
   * What the platform keeps beside storage.segment for each device and owner (decisions CS20): filler devices
   * [lo, hi) each hold one contiguous run of one type, so one clip each, and their hours. Set-based, as
   * storage.rebuild_footage does per device (which the recording device's irregular footage goes through).
   */
  private async footageSummaries(lo: number, hi: number): Promise<void> {
    const inRange = `s.mac_addr >= ${fillerMacSql('$1::int')} AND s.mac_addr < ${fillerMacSql('$2::int')}`;
    await this.db.query(
      `INSERT INTO storage.clip (mac_addr, user_id, start_epoch_s, first_duration_ms, first_segment_id, last_start_epoch_s, end_ms, type)
       SELECT s.mac_addr, s.user_id, min(s.start_epoch_s), (array_agg(s.duration_ms ORDER BY s.start_epoch_s))[1], (array_agg(s.id ORDER BY s.start_epoch_s))[1],
              max(s.start_epoch_s), max(s.start_epoch_s * 1000 + s.duration_ms), min(s.type)
       FROM storage.segment s WHERE ${inRange} GROUP BY s.mac_addr, s.user_id`,
      [lo, hi],
    );
    await this.db.query(
      `INSERT INTO storage.footage_hour (mac_addr, user_id, hour, segments, starts, bytes)
       SELECT s.mac_addr, s.user_id, h.hour, count(*)::int,
              count(*) FILTER (WHERE h.hour = s.start_epoch_s / 3600)::int, coalesce(sum(s.bytes) FILTER (WHERE h.hour = s.start_epoch_s / 3600), 0)
       FROM storage.segment s, LATERAL generate_series((s.start_epoch_s / 3600)::int, greatest(s.start_epoch_s / 3600, (s.start_epoch_s * 1000 + s.duration_ms - 1) / 3600000)::int) AS h(hour)
       WHERE ${inRange} GROUP BY s.mac_addr, s.user_id, h.hour`,
      [lo, hi],
    );
  }

}

/** The rows of the seeded platform each filler table is cloned from. */
export interface ScaleTemplate {
  merchantId: number;
  /** A device bound through addOemDevice. */
  deviceMac: string;
  /** A grant created through the admin API. */
  grantId: string;
  /** A device whose firmware.latest check the platform recorded. */
  rolloutMac: string;
  /** Segments the recording device holds in this platform. */
  recordingDeviceSegments: number;
  /** Filler footage ends here (epoch seconds). */
  segmentsEndEpochS: number;
}
