/**
 * What a service says of itself to operators (`dcp.rpc.<service>.admin.status`, the overview): its readiness
 * (the checks /health/ready runs), the platform's version and build, and cheap counts of the rows it owns.
 *
 * Counts must stay cheap on tables of millions of rows: below `EXACT_COUNT_BELOW` rows (pg_class.reltuples,
 * the estimate ANALYZE and autovacuum keep) a count is exact (`count(*)`, with its condition); above, it is
 * `estimated`: the table's reltuples, or for a count with a condition the planner's row estimate of that very
 * query (EXPLAIN, which reads statistics, not the table). A table never analysed (reltuples -1) counts exactly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ServiceCount, ServiceStatusView } from '@dcp/contracts';
import type { SqlClient } from '@dcp/messaging';
import type { HealthCheck } from './health-registry';

/** Rows below which a count is exact. */
export const EXACT_COUNT_BELOW = 100_000;

/** One count a service offers the overview: a table of its schema, optionally a condition on its rows. */
export interface ServiceCountSpec {
  /** The overview's name: `merchants`, `devices`, `activeGrants`, … */
  readonly name: string;
  /** A table of the service's schema (a plain identifier). */
  readonly table: string;
  /** An SQL condition on the table's rows (a constant of the service's code, never operator input). */
  readonly where?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function table(schema: string, name: string): string {
  if (!IDENTIFIER.test(schema) || !IDENTIFIER.test(name)) throw new Error(`invalid table ${schema}.${name}`);
  return `"${schema}"."${name}"`;
}

/** One count, exact or estimated as the module comment says. */
export async function countRows(client: Pick<SqlClient, '$queryRawUnsafe'>, schema: string, spec: ServiceCountSpec, exactBelow = EXACT_COUNT_BELOW): Promise<ServiceCount> {
  const rows = await client.$queryRawUnsafe<Array<{ n: number | string | null }>>(
    `SELECT c.reltuples::float8 AS n FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace WHERE ns.nspname = $1 AND c.relname = $2`,
    schema,
    spec.table,
  );
  const reltuples = Number(rows[0]?.n ?? -1);
  const from = `FROM ${table(schema, spec.table)}${spec.where ? ` WHERE ${spec.where}` : ''}`;
  if (reltuples < exactBelow) {
    const exact = await client.$queryRawUnsafe<Array<{ n: number | bigint }>>(`SELECT count(*)::int AS n ${from}`);
    return { name: spec.name, value: Number(exact[0]?.n ?? 0), estimated: false };
  }
  if (!spec.where) return { name: spec.name, value: Math.round(reltuples), estimated: true };
  const plan = await client.$queryRawUnsafe<Array<Record<string, unknown>>>(`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`);
  return { name: spec.name, value: Math.max(0, Math.round(planRows(plan))), estimated: true };
}

/** The top node's `Plan Rows` of EXPLAIN (FORMAT JSON), however the driver hands the JSON back. */
export function planRows(result: Array<Record<string, unknown>>): number {
  const cell = Object.values(result[0] ?? {})[0];
  const doc = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  return Number(doc?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

let version: string | undefined;

/** The platform's version: `version` of the repository's package.json (found above this file), read once. */
export function platformVersion(): string {
  if (version !== undefined) return version;
  version = 'unknown';
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    try {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'device-cloud-platform' && pkg.version) {
        version = pkg.version;
        break;
      }
    } catch {
      // not the repository's: keep looking
    }
  }
  return version;
}

/** BUILD_ID when the image or the environment sets one (e.g. the git commit), else null. */
export function buildId(env: NodeJS.ProcessEnv = process.env): string | null {
  const id = env.BUILD_ID?.trim();
  return id ? id.slice(0, 64) : null;
}

const PROCESS_STARTED = Date.now() - process.uptime() * 1000;

/** Runs the readiness checks (each within 3 s, as /health/ready) and the counts (a failing count is left out). */
export async function serviceStatus(checks: [string, HealthCheck][], counts: () => Promise<ServiceCount>[], now = Date.now()): Promise<ServiceStatusView> {
  const results = await Promise.all(
    checks.map(async ([check, run]) => {
      try {
        await withTimeout(run(), 3000);
        return undefined;
      } catch (err) {
        return { check, message: err instanceof Error ? err.message : String(err) };
      }
    }),
  );
  const failing = results.filter((r): r is { check: string; message: string } => r !== undefined);
  const settled = await Promise.allSettled(counts());
  return {
    ready: failing.length === 0,
    failing,
    version: platformVersion(),
    buildId: buildId(),
    uptimeSeconds: Math.max(0, Math.round((now - PROCESS_STARTED) / 1000)),
    counts: settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()))]).finally(() => clearTimeout(timer));
}
