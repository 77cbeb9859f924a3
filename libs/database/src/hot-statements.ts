/**
 * The few statements a service runs on nearly every request (the gateway's device list, a login, the
 * signature and token checks), run as named prepared statements of the pg driver (decisions PF4):
 * PostgreSQL parses and plans each once per connection instead of on every call, and the call skips
 * Prisma's raw-query machinery. Measured side by side on the device list: PostgreSQL's CPU per call
 * 110 → 50 µs, the caller's 213 → 98 µs (docs/benchmarks.md).
 *
 * PGlite (embedded mode) has one connection, on which Prisma's adapter serialises interactive transactions:
 * there a hot statement goes through the Prisma client, so it waits behind an open transaction like any
 * other query instead of running inside it. Both paths give the same values for the column types a hot
 * statement may return — integer, text, boolean, timestamptz, jsonb, uuid, null (hot-statements.int.spec.ts).
 */

export interface HotStatement<Row> {
  /** The prepared statement's name, unique in the process (`<service>.<what>`). */
  readonly name: string;
  /** Parameterised SQL ($1, $2, …), schema-qualified. */
  readonly text: string;
  /**
   * `events`: an event consumer's statement (a reaction, decisions OB3). On PostgreSQL it runs on a small
   * pool of its own, so a replica flooded with requests, whose queries queue for the main pool, still applies
   * its events at once (decisions OB4).
   */
  readonly lane: 'requests' | 'events';
  /** Only carries the row type. */
  readonly row?: Row;
}

/** Runs a hot statement with its parameters; resolves to its rows. */
export type HotStatementRunner = <Row>(statement: HotStatement<Row>, params: readonly unknown[]) => Promise<Row[]>;

const NAME = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+$/;
const declared = new Map<string, string>();

/**
 * Declares a hot statement (at module load). The driver refuses one name prepared with two texts on a
 * connection, so a name declared twice with different SQL fails here, at start, instead of there.
 */
export function hotStatement<Row>(name: string, text: string, lane: HotStatement<Row>['lane'] = 'requests'): HotStatement<Row> {
  if (!NAME.test(name)) throw new Error(`hot statement name ${JSON.stringify(name)}: expected <service>.<what>, lower case`);
  const known = declared.get(name);
  if (known !== undefined && known !== text) throw new Error(`hot statement ${name} is declared twice with different SQL`);
  declared.set(name, text);
  return { name, text, lane };
}
