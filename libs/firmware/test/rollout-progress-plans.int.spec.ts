/**
 * The plans of rollout progress's statements on a seeded PostgreSQL database (docs/decisions.md F24, F25):
 * 100,000 rollout_check rows of one model (25,000 devices answered from four versions over nine days) beside
 * nine smaller models, the device and summary rows firmware.rebuild_rollout_summary makes of them (as the
 * migration's backfill and a bulk load do), ANALYZE — then
 * EXPLAIN of every statement the repository sends, as its SQL snapshot (libs/firmware/queries, kept equal to
 * the code by tools/sql-snapshots) holds it, with a flush's, a purge batch's and a view's values. None may
 * read rollout_check, rollout_device or rollout_summary whole: each goes through the index that bounds it by
 * its batch or by the model's hours.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROGRESS_WINDOWS } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { createTestDatabase, describeWithInfra } from '@dcp/testing';
import { Client } from 'pg';
import { PROGRESS_RETENTION_MS, PURGE_BATCH } from '../src/progress/rollout-check.purger';
import { BATCH_SIZE } from '../src/progress/rollout-recorder';
import { SUMMARY_HOUR_MS, countedFrom, hourOf } from '../src/progress/rollout-summary';

const def = serviceDatabase('firmware');
const NOW = Date.parse('2026-11-20T12:34:56.789Z');
const TABLES = ['rollout_check', 'rollout_device', 'rollout_summary'];

/** The repository's statements by their snapshot header (`RolloutCheckRepository.record #2`), each text once. */
function snapshotStatements(): Map<string, string> {
  const file = readFileSync(join(__dirname, '../queries/rollout-check.repository.sql'), 'utf8');
  const statements = new Map<string, string>();
  for (const chunk of file.split(/\n\n(?=-- )/)) {
    const [header, ...lines] = chunk.split('\n');
    const name = header.replace(/^-- /, '');
    if (name.startsWith('RolloutCheckRepository.')) statements.set(name, lines.join('\n').trim());
  }
  return statements;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describeWithInfra(['postgres'], 'firmware: plans of the rollout progress statements on 100,000 rows (PostgreSQL)', () => {
  let drop: () => Promise<void>;
  let sql: Client;
  let target: number;

  beforeAll(async () => {
    const created = await createTestDatabase('dcp_firmware_plans');
    drop = created.drop;
    await migrateService(def, { kind: 'postgres', url: created.url });
    sql = new Client({ connectionString: created.url });
    await sql.connect();
    const models = (
      await sql.query(
        `INSERT INTO firmware.firmware_model (machine_type_name, smart_upgrade, created_at, updated_at)
         SELECT 'PLAN-' || i, true, now(), now() FROM generate_series(1, 10) AS i RETURNING id`,
      )
    ).rows.map((r) => r.id as number);
    target = models[0];
    const seed = (modelId: number, rows: number) =>
      sql.query(
        `INSERT INTO firmware.rollout_check (model_id, mac_addr, from_system, from_app, outcome, offered_release_id, last_seen_at)
         SELECT $1, lpad(to_hex(i / 4), 12, '0'), (1 + i % 4)::text || '.0.0.0', (1 + (i / 4) % 3)::text || '.0.0.0',
                (ARRAY['offered', 'up_to_date', 'not_rolled_out', 'refused'])[1 + (i / 4 + i) % 4],
                CASE WHEN (i / 4 + i) % 4 = 0 THEN 1 + i % 5 ELSE 0 END,
                $3::timestamptz - ((i * 7919) % (9 * 24 * 3600)) * interval '1 second'
         FROM generate_series(0, $2 - 1) AS i`,
        [modelId, rows, new Date(NOW)],
      );
    await seed(target, 100_000);
    for (const other of models.slice(1)) await seed(other, 2_000);
    // As a bulk load must (decisions F24): the devices' and the summary's rows made from the rows written.
    await sql.query('SELECT firmware.rebuild_rollout_summary(NULL)');
    await sql.query('ANALYZE firmware.rollout_check, firmware.rollout_device, firmware.rollout_summary');
  });
  afterAll(async () => {
    await sql?.end();
    await drop?.();
  });

  /** EXPLAIN of a statement with its parameters as literals (what PostgreSQL plans for the values sent). */
  const plan = async (text: string, params: string[]): Promise<PlanNode[]> => {
    const literal = text.replace(/\$(\d+)/g, (_, n: string) => params[Number(n) - 1]);
    const { rows } = await sql.query(`EXPLAIN (FORMAT JSON) ${literal}`);
    return nodesOf(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
  };
  const text = (value: unknown) => sql.escapeLiteral(typeof value === 'string' ? value : JSON.stringify(value));
  const time = (ms: number) => `${text(new Date(ms).toISOString())}::timestamptz`;

  it('reads, writes and purges through indexes: no statement scans a rollout table whole', async () => {
    const statements = snapshotStatements();
    // A flush: BATCH_SIZE devices of the big model, answering now.
    const devices = Array.from({ length: BATCH_SIZE }, (_, i) => ({ model_id: target, mac_addr: (i * 41).toString(16).padStart(12, '0') }));
    const rows = devices.map((d) => ({ ...d, from_system: '2.0.0.0', from_app: '1.0.0.0', outcome: 'up_to_date', offered_release_id: 0, last_seen_at: new Date(NOW).toISOString() }));
    const counted = devices.map((d) => ({ ...d, counted_in: { 'devices:': hourOf(NOW) } }));
    const deltas = [-3, -2, -1, 0].map((h) => ({ model_id: target, hour_start: new Date(hourOf(NOW) + h * SUMMARY_HOUR_MS).toISOString(), dimension: 'devices', value: '', devices: h === 0 ? 3 : -1 }));
    const cutoff = NOW - PROGRESS_RETENTION_MS;
    // A purge batch names up to PURGE_BATCH devices.
    const purged = Array.from({ length: PURGE_BATCH }, (_, i) => ({ model_id: target, mac_addr: (i * 5).toString(16).padStart(12, '0') }));
    const values: Record<string, string[]> = {
      'RolloutCheckRepository.record #1': [text(devices)],
      'RolloutCheckRepository.record #2': [text(rows)],
      'RolloutCheckRepository.record #3': [text(counted), text([]), text(deltas)],
      'RolloutCheckRepository.progress': [time(countedFrom(NOW - PROGRESS_WINDOWS.last24h)), String(target), time(countedFrom(NOW - PROGRESS_WINDOWS.last7d))],
      'RolloutCheckRepository.purgeSeenBefore #1': [time(cutoff), String(PURGE_BATCH)],
      'RolloutCheckRepository.purgeSeenBefore #2': [text(purged)],
      'RolloutCheckRepository.purgeSeenBefore #3': [text(purged)],
      'RolloutCheckRepository.purgeSeenBefore #4': [text(purged), time(cutoff)],
      'RolloutCheckRepository.purgeSeenBefore #5': [text(counted), text(purged.slice(0, 100)), text(deltas)],
      'RolloutCheckRepository.forgetEmptyHoursBefore': [time(cutoff), String(PURGE_BATCH)],
    };
    expect([...statements.keys()].sort()).toEqual(Object.keys(values).sort());

    const indexesUsed = new Map<string, string[]>();
    for (const [name, statement] of statements) {
      const nodes = await plan(statement, values[name]);
      const wholeScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && TABLES.includes(n['Relation Name'] ?? '')).map((n) => n['Relation Name']);
      expect({ name, wholeScans }).toEqual({ name, wholeScans: [] });
      indexesUsed.set(name, [...new Set(nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])))].sort());
    }
    // The indexes that bound each: the summary's rows of the model's hours, the oldest rows by time, a device's rows by key.
    expect(indexesUsed.get('RolloutCheckRepository.progress')).toEqual(['rollout_summary_pkey']);
    expect(indexesUsed.get('RolloutCheckRepository.purgeSeenBefore #1')).toEqual(['rollout_check_last_seen_at_idx']);
    expect(indexesUsed.get('RolloutCheckRepository.purgeSeenBefore #3')).toEqual(['rollout_check_pkey']);
    expect(indexesUsed.get('RolloutCheckRepository.purgeSeenBefore #4')).toEqual(['rollout_check_pkey']);
    expect(indexesUsed.get('RolloutCheckRepository.forgetEmptyHoursBefore')).toContain('rollout_summary_hour_start_idx');
  });
});
