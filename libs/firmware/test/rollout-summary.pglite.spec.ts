/**
 * The rollout progress summary on the embedded database (PGlite, `npm start`; docs/decisions.md F24, F25): the
 * migration's function, a flush's lock and jsonb hours, the purge's row reads and the view's statement behave
 * as on PostgreSQL — the summary stays what the rows make it, and the counts equal the aggregate.
 */
import { PROGRESS_WINDOWS } from '@dcp/contracts';
import { type ServiceDatabase, allServiceDatabases, createServiceDatabase, serviceDatabase } from '@dcp/database';
import { PrismaClient } from '../src/generated/prisma/client';
import type { RolloutCheck } from '../src/progress/rollout-check';
import { RolloutCheckRepository } from '../src/progress/rollout-check.repository';
import { SUMMARY_HOUR_MS, countedFrom } from '../src/progress/rollout-summary';
import { type SqlRunner, aggregateProgress, summaryDiscrepancies } from './rollout-reference';

const HOUR = SUMMARY_HOUR_MS;
const NOW = Date.parse('2026-11-20T12:34:56.789Z');

describe('firmware: the rollout progress summary on PGlite (embedded mode)', () => {
  let db: ServiceDatabase<PrismaClient>;
  // The function form of SqlRunner (what the reference queries accept), callable here too.
  let sql: Extract<SqlRunner, (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>>;
  let repository: RolloutCheckRepository;
  let modelId: number;

  beforeAll(async () => {
    // From the services' pre-migrated template (as `npm start` and the test platform: built once, cached), not
    // migrated here: `migrate` then only confirms every firmware migration is applied.
    const config = { kind: 'pglite' as const, dataDir: `memory://rollout-summary-spec-${process.pid}`, services: allServiceDatabases() };
    db = (await createServiceDatabase(PrismaClient, serviceDatabase('firmware'), config, { migrate: true })) as ServiceDatabase<PrismaClient>;
    sql = (text, params) => db.client.$queryRawUnsafe<Record<string, unknown>[]>(text, ...params);
    repository = new RolloutCheckRepository(db);
    const [model] = await sql("INSERT INTO firmware.firmware_model (machine_type_name, smart_upgrade, created_at, updated_at) VALUES ('EMB-1', true, now(), now()) RETURNING id", []);
    modelId = model.id as number;
  });
  afterAll(() => db?.close());

  const check = (macAddr: string, agoMs: number, c: Partial<RolloutCheck> = {}): RolloutCheck => ({
    modelId,
    macAddr,
    userId: 1,
    fromSystem: '1.0.0.0',
    fromApp: '1.0.0.0',
    outcome: 'up_to_date',
    offeredReleaseId: 0,
    at: new Date(NOW - agoMs),
    ...c,
  });
  const windowsAt = (asOf: number) => ({ from24h: new Date(countedFrom(asOf - PROGRESS_WINDOWS.last24h)), from7d: new Date(countedFrom(asOf - PROGRESS_WINDOWS.last7d)) });

  it('records, moves devices, purges and rebuilds exactly', async () => {
    await repository.record([check('02E000000001', 9 * 24 * HOUR, { outcome: 'offered', offeredReleaseId: 4 }), check('02E000000002', 30 * HOUR), check('02E000000003', 2 * HOUR)]);
    // Device 1 upgrades, device 2 asks again: both move to a later hour (their hours read back from jsonb).
    await repository.record([check('02E000000001', HOUR, { fromSystem: '2.0.0.0' }), check('02E000000002', 0)]);
    await repository.record([check('02E000000002', 0)]);
    expect(await summaryDiscrepancies(sql)).toEqual([]);
    expect(await repository.progress(modelId, windowsAt(NOW))).toEqual(await aggregateProgress(sql, modelId, windowsAt(NOW)));

    expect(await repository.purgeSeenBefore(new Date(NOW - 8 * 24 * HOUR), 10)).toBe(1);
    expect(await summaryDiscrepancies(sql)).toEqual([]);
    expect((await repository.progress(modelId, windowsAt(NOW))).devices).toEqual({ last24h: 3, last7d: 3 });

    await sql(
      "INSERT INTO firmware.rollout_check (model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at) VALUES ($1, '02E000000009', '1.0.0.0', '1.0.0.0', 'refused', 0, $2)",
      [modelId, new Date(NOW - HOUR)],
    );
    await sql('SELECT firmware.rebuild_rollout_summary($1)::text', [modelId]);
    expect(await summaryDiscrepancies(sql)).toEqual([]);
    expect(await repository.progress(modelId, windowsAt(NOW))).toEqual(await aggregateProgress(sql, modelId, windowsAt(NOW)));
  });
});
