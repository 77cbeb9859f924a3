/**
 * Query plans of the statements code really sends, for specs that pin them (issue 23: every admin list and
 * look-up, and the start-up re-encryption probes, must reach their rows through an index). `captureStatements`
 * records what every pg client of the process sends while a call runs (Prisma's adapter and the raw SQL alike,
 * with their parameters); `planOf` asks PostgreSQL for the plan of one of them with the same parameters
 * (EXPLAIN, not run); `wholeTableScans` names the scans of a plan that read a whole table; `blocksRead` runs a
 * statement and counts the buffer pages it touched — an index walked from the wrong end is no sequential scan,
 * but it touches every page of the index.
 */
import { Client } from 'pg';

export interface SentStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** A node of EXPLAIN (FORMAT JSON)'s plan. */
export interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly Filter?: string;
  readonly Plans?: readonly PlanNode[];
  readonly [key: string]: unknown;
}

type Query = (this: Client, config: unknown, values?: unknown, callback?: unknown) => unknown;

/** The statements pg sent while `run` ran (every Client of this process: a spec's own queries too, so run nothing else meanwhile). */
export async function captureStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: SentStatement[] }> {
  const statements: SentStatement[] = [];
  const original = Client.prototype.query as unknown as Query;
  const recording: Query = function (this: Client, config, values, callback) {
    if (typeof config === 'string') statements.push({ text: config, values: Array.isArray(values) ? values : [] });
    else if (config !== null && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string') {
      const c = config as { text: string; values?: unknown[] };
      statements.push({ text: c.text, values: c.values ?? (Array.isArray(values) ? values : []) });
    }
    return original.call(this, config, values, callback);
  };
  (Client.prototype as unknown as { query: Query }).query = recording;
  try {
    const result = await run();
    return { result, statements };
  } finally {
    (Client.prototype as unknown as { query: Query }).query = original;
  }
}

/** The plan PostgreSQL would run `statement` with (its parameters bound as sent; not executed). */
export async function planOf(sql: Client, statement: SentStatement): Promise<PlanNode> {
  const { rows } = await sql.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${statement.text}`, [...statement.values]);
  return rows[0]['QUERY PLAN'][0].Plan;
}

/**
 * The scans of `tables` in the plan that read the whole table: every Seq Scan on one of them, except one
 * without a filter right under a Limit (it stops after that many rows, whatever the table holds: a count
 * capped at a threshold, the first rows of an unfiltered list).
 */
export function wholeTableScans(plan: PlanNode, tables: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (node: PlanNode, parent: PlanNode | undefined) => {
    const table = node['Relation Name'];
    if (node['Node Type'] === 'Seq Scan' && table !== undefined && tables.includes(table)) {
      const stopsEarly = parent?.['Node Type'] === 'Limit' && node.Filter === undefined;
      if (!stopsEarly) found.push(`Seq Scan on ${table}${node.Filter ? ` (filter ${node.Filter})` : ''}`);
    }
    for (const child of node.Plans ?? []) walk(child, node);
  };
  walk(plan, undefined);
  return found;
}

/** The indexes a plan reads (for messages and for asserting the index meant is the one used). */
export function indexesOf(plan: PlanNode): string[] {
  const names: string[] = [];
  const walk = (node: PlanNode) => {
    if (typeof node['Index Name'] === 'string') names.push(node['Index Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return names;
}

/**
 * Each statement touching one of `tables` (read as SQL text: `"table"` quoted, as the services write it), with
 * the whole-table scans of its plan: the specs expect none. Statements that read no table (EXPLAIN, BEGIN, SET)
 * are left out.
 */
export async function plansTouching(sql: Client, statements: readonly SentStatement[], tables: readonly string[]): Promise<Array<{ statement: string; indexes: string[]; wholeTableScans: string[] }>> {
  const out: Array<{ statement: string; indexes: string[]; wholeTableScans: string[] }> = [];
  for (const statement of statements) {
    if (!/^\s*(SELECT|WITH)\b/i.test(statement.text)) continue;
    if (!tables.some((t) => statement.text.includes(`"${t}"`))) continue;
    const plan = await planOf(sql, statement);
    out.push({ statement: statement.text.replace(/\s+/g, ' ').trim(), indexes: indexesOf(plan), wholeTableScans: wholeTableScans(plan, tables) });
  }
  return out;
}

/**
 * Runs `statement` (a SELECT: EXPLAIN ANALYZE executes it) and answers the shared buffer pages it touched, found
 * in the cache or read: what it cost, whatever the plan's shape.
 */
export async function blocksRead(sql: Client, statement: SentStatement): Promise<number> {
  if (!/^\s*(SELECT|WITH)\b/i.test(statement.text)) throw new Error(`blocksRead runs SELECTs only: ${statement.text.slice(0, 60)}`);
  const { rows } = await sql.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, [...statement.values]);
  const plan = rows[0]['QUERY PLAN'][0].Plan;
  return Number(plan['Shared Hit Blocks'] ?? 0) + Number(plan['Shared Read Blocks'] ?? 0);
}

/** The pages each captured statement touching one of `tables` read (see blocksRead), by statement. */
export async function blocksTouching(sql: Client, statements: readonly SentStatement[], tables: readonly string[]): Promise<Array<{ statement: string; blocks: number }>> {
  const out: Array<{ statement: string; blocks: number }> = [];
  for (const statement of statements) {
    if (!/^\s*(SELECT|WITH)\b/i.test(statement.text) || !tables.some((t) => statement.text.includes(`"${t}"`))) continue;
    out.push({ statement: statement.text.replace(/\s+/g, ' ').trim(), blocks: await blocksRead(sql, statement) });
  }
  return out;
}
