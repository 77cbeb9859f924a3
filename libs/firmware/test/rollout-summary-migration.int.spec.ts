/**
 * The migration that adds the rollout progress summary (docs/decisions.md F24) against real PostgreSQL: a
 * database as the previous release left it (rollout_check rows of two models over nine days, devices with
 * several versions and answers) is migrated; the backfilled device and summary rows are what the rows make them,
 * the counts equal the aggregate over rollout_check, and recording and purging go on from there exactly.
 */
import { PROGRESS_WINDOWS } from '@dcp/contracts';
import { type ServiceDatabase, createServiceDatabase, migrateService, migrationNames, serviceDatabase } from '@dcp/database';
import { createTestDatabase, describeWithInfra } from '@dcp/testing';
import { Client } from 'pg';
import { PrismaClient } from '../src/generated/prisma/client';
import { RolloutCheckRepository } from '../src/progress/rollout-check.repository';
import { SUMMARY_HOUR_MS, countedFrom } from '../src/progress/rollout-summary';
import { aggregateProgress, summaryDiscrepancies } from './rollout-reference';

const MIGRATION = '_rollout_summary';
const def = serviceDatabase('firmware');
const HOUR = SUMMARY_HOUR_MS;
/** Not a whole hour: the windows start within an hour. */
const NOW = Date.parse('2026-11-20T12:34:56.789Z');

describeWithInfra(['postgres'], 'firmware: rollout progress rows of the previous release, after the summary migration (PostgreSQL)', () => {
  let drop: () => Promise<void>;
  let sql: Client;
  let db: ServiceDatabase<PrismaClient>;
  let repository: RolloutCheckRepository;
  const models: number[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase('dcp_firmware_mig');
    drop = created.drop;
    const names = migrationNames(def);
    const ours = names.findIndex((n) => n.endsWith(MIGRATION));
    expect(ours).toBeGreaterThan(0);
    expect((await migrateService(def, { kind: 'postgres', url: created.url }, { upTo: names[ours - 1] })).applied).toEqual(names.slice(0, ours));
    sql = new Client({ connectionString: created.url });
    await sql.connect();
    for (const name of ['MIG-A', 'MIG-B']) {
      const { rows } = await sql.query("INSERT INTO firmware.firmware_model (machine_type_name, smart_upgrade, created_at, updated_at) VALUES ($1, true, now(), now()) RETURNING id", [name]);
      models.push(rows[0].id as number);
    }
    // 400 devices a model, each answered from up to three system and two application versions, over nine days.
    await sql.query(
      `INSERT INTO firmware.rollout_check (model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at)
       SELECT m, lpad(to_hex(i % 400), 12, '0'), (1 + i % 3)::text || '.0.0.0', (1 + (i / 7) % 2)::text || '.0.0.0',
              (ARRAY['offered', 'up_to_date', 'not_rolled_out', 'refused'])[1 + (i * 7) % 4],
              CASE WHEN (i * 7) % 4 = 0 THEN 1 + i % 3 ELSE 0 END,
              $2::timestamptz - ((i * 7919) % (9 * 24 * 60)) * interval '1 minute' - (i % 1000) * interval '1 millisecond'
       FROM generate_series(1, 3000) AS i CROSS JOIN unnest($1::int[]) AS m
       ON CONFLICT DO NOTHING`,
      [models, new Date(NOW)],
    );
    expect((await migrateService(def, { kind: 'postgres', url: created.url })).applied).toEqual(names.slice(ours));
    db = (await createServiceDatabase(PrismaClient, def, { kind: 'postgres', url: created.url })) as ServiceDatabase<PrismaClient>;
    repository = new RolloutCheckRepository(db);
  });
  afterAll(async () => {
    await db?.close();
    await sql?.end();
    await drop?.();
  });

  const windowsAt = (asOf: number) => ({ from24h: new Date(countedFrom(asOf - PROGRESS_WINDOWS.last24h)), from7d: new Date(countedFrom(asOf - PROGRESS_WINDOWS.last7d)) });

  it('backfills each device and the summary from the rows: the counts equal the aggregate over rollout_check', async () => {
    const rows = await sql.query('SELECT count(*)::int AS checks, count(DISTINCT (model_id, mac_addr))::int AS devices FROM firmware.rollout_check');
    expect(rows.rows[0].checks).toBeGreaterThan(4000);
    expect((await sql.query('SELECT count(*)::int AS n FROM firmware.rollout_device')).rows[0].n).toBe(rows.rows[0].devices);
    expect(await summaryDiscrepancies(sql)).toEqual([]);
    for (const modelId of models) {
      for (const asOf of [NOW, NOW - 3 * HOUR - 1, NOW - 2 * 24 * HOUR + 17 * 60_000]) {
        const counts = await repository.progress(modelId, windowsAt(asOf));
        expect(counts).toEqual(await aggregateProgress(sql, modelId, windowsAt(asOf)));
        expect(counts.devices.last7d).toBeGreaterThan(counts.devices.last24h);
      }
    }
  });

  it('records and purges from the backfilled state exactly', async () => {
    const [modelId] = models;
    await repository.record(
      Array.from({ length: 50 }, (_, i) => ({
        modelId,
        macAddr: (i * 7).toString(16).padStart(12, '0'),
        userId: 1,
        fromSystem: '4.0.0.0',
        fromApp: '2.0.0.0',
        outcome: 'up_to_date' as const,
        offeredReleaseId: 0,
        at: new Date(NOW + i * 60_000),
      })),
    );
    const cutoff = new Date(NOW - 8 * 24 * HOUR);
    while ((await repository.purgeSeenBefore(cutoff, 500)) >= 500) {
      // the next batch
    }
    expect((await sql.query('SELECT count(*)::int AS n FROM firmware.rollout_check WHERE last_seen_at < $1', [cutoff])).rows[0].n).toBe(0);
    expect(await summaryDiscrepancies(sql)).toEqual([]);
    expect(await repository.progress(modelId, windowsAt(NOW + HOUR))).toEqual(await aggregateProgress(sql, modelId, windowsAt(NOW + HOUR)));
  });
});
