/**
 * A stand-in for a service database that records the SQL instead of running it: `client` has Prisma's raw
 * methods (tagged templates turned into `$1…$n` text the way Prisma does, with its own `Sql` class, so nested
 * `Prisma.sql` fragments and `Prisma.join` lists are flattened alike) and `$transaction` passing itself;
 * `run` is the hot-statement runner. Each statement is recorded with the source line that sent it.
 */
import { relative, sep } from 'node:path';
import { Sql } from '@prisma/client/runtime/client';

export interface RecordedStatement {
  /** The text as PostgreSQL receives it. */
  sql: string;
  /** How it was sent: `$queryRaw`, `$executeRawUnsafe`, `run` (a hot statement), `pg` (the pg driver). */
  via: string;
  /** A hot statement's name and lane. */
  hot?: { name: string; lane: string };
  /** The call stack outside this tool, innermost first: repository-relative source file (.ts) and file:line:column. */
  frames: Array<{ file: string; site: string }>;
}

/** An answer that makes the recorder throw this: the sample is done (what follows needs a real database). */
export const STOP = Symbol('stop recording');
export class StopRecording extends Error {
  constructor() {
    super('stopped recording');
  }
}

/**
 * What the calls answer, in the order the statements are sent (then `[]` for queries, 0 for executes and
 * hot statements' `[]`); an entry STOP ends the sample there.
 */
export type Answers = readonly unknown[];

const TOOL_DIR = `tools${sep}sql-snapshots${sep}`;

/** The stack frames outside this tool and node_modules, innermost first: where the statement was sent from. */
function callSites(root: string): Array<{ file: string; site: string }> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const frames: Array<{ file: string; site: string }> = [];
  for (const line of stack.split('\n').slice(1)) {
    const m = /\(?([^()\s]+?):(\d+):(\d+)\)?$/.exec(line.trim());
    if (!m || m[1].startsWith('node:') || m[1].includes(`${sep}node_modules${sep}`) || m[1].includes(TOOL_DIR)) continue;
    const file = relative(root, m[1])
      .split(sep)
      .join('/')
      .replace(/^dist\//, '')
      .replace(/\.js$/, '.ts');
    frames.push({ file, site: `${file}:${m[2]}:${m[3]}` });
  }
  return frames;
}

function templateText(query: unknown, values: unknown[]): string {
  if (query instanceof Sql) return query.text;
  if (Array.isArray(query)) return new Sql(query as readonly string[], values).text;
  throw new Error(`not a tagged template or Prisma.sql fragment: ${String(query)}`);
}

export interface Recorder {
  /** The repository root. */
  readonly root: string;
  readonly statements: RecordedStatement[];
  /** A Prisma client's raw-SQL surface (and `$transaction`), also usable as a transaction client. */
  readonly client: Record<string, (...args: never[]) => unknown>;
  /** A ServiceDatabase: `client` and the hot-statement runner `run`. */
  readonly db: { client: Recorder['client']; run: (statement: { name: string; text: string; lane: string }, params: readonly unknown[]) => Promise<unknown[]> };
  /** Records a statement sent some other way (the pg driver): answers like the others. */
  record(sql: string, via: string, fallback: unknown): Promise<unknown>;
}

export function createRecorder(root: string, answers: Answers = []): Recorder {
  const statements: RecordedStatement[] = [];
  const queue = [...answers];
  const record = (statement: Omit<RecordedStatement, 'frames'>, fallback: unknown): Promise<unknown> => {
    statements.push({ ...statement, frames: callSites(root) });
    if (queue.length === 0) return Promise.resolve(fallback);
    const answer = queue.shift();
    return answer === STOP ? Promise.reject(new StopRecording()) : Promise.resolve(answer);
  };
  const client = {
    $queryRaw: (query: unknown, ...values: unknown[]) => record({ sql: templateText(query, values), via: '$queryRaw' }, []),
    $executeRaw: (query: unknown, ...values: unknown[]) => record({ sql: templateText(query, values), via: '$executeRaw' }, 0),
    $queryRawUnsafe: (query: string) => record({ sql: query, via: '$queryRawUnsafe' }, []),
    $executeRawUnsafe: (query: string) => record({ sql: query, via: '$executeRawUnsafe' }, 0),
    $transaction: (fn: unknown) => (typeof fn === 'function' ? (fn as (tx: unknown) => Promise<unknown>)(client) : Promise.all(fn as Promise<unknown>[])),
  };
  const db = {
    client,
    run: (statement: { name: string; text: string; lane: string }) =>
      record({ sql: statement.text, via: 'run', hot: { name: statement.name, lane: statement.lane } }, []) as Promise<unknown[]>,
  };
  return { root, statements, client, db, record: (sql, via, fallback) => record({ sql, via }, fallback) };
}
