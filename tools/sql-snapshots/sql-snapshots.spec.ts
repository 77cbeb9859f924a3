/**
 * The committed raw-SQL snapshots (libs/<lib>/queries/*.sql) are what the code sends now, and every raw
 * statement in the code has one. Fails with the statements that changed: run `npm run sql:snapshots` and
 * review the diff. No database: the SQL is recorded from calls on a fake (tools/sql-snapshots/recorder.ts).
 */
import { COMMAND, committedSnapshots, countMarkers, differences, formatSql, generateSnapshots, type Snapshots } from './snapshots';

describe('raw SQL snapshots', () => {
  let generated: Snapshots;

  beforeAll(async () => {
    generated = await generateSnapshots();
  });

  it('records every raw statement of the code (samples.ts covers each call site and hot statement)', () => {
    if (generated.problems.length > 0)
      throw new Error(`raw SQL the snapshots do not cover; fix tools/sql-snapshots/samples.ts, then run \`${COMMAND}\`:\n  ${generated.problems.join('\n  ')}`);
  });

  it('match the committed libs/*/queries/*.sql', () => {
    const diff = differences(committedSnapshots(), generated.files);
    if (diff.length > 0) throw new Error(`raw SQL differs from its snapshots; run \`${COMMAND}\` and commit the result:\n  ${diff.join('\n  ')}`);
  });

  it('counts markers outside comments only', () => {
    const src = ['// this.db.client.$queryRaw`x`', '/* hotStatement( */', 'import { hotStatement } from "x";', 'const A = hotStatement<R>("a.b", `x`);', 'await tx.$executeRawUnsafe(`y`);'].join('\n');
    expect(countMarkers(src)).toEqual({ raw: 1, hot: 1 });
  });

  it('normalises whitespace only', () => {
    expect(formatSql('\n      SELECT a\n        FROM t  \n\n\n      WHERE b = $1\n    ')).toBe('SELECT a\n  FROM t\n\nWHERE b = $1');
    expect(formatSql('SELECT a,\n          b\n   FROM t')).toBe('SELECT a,\n       b\nFROM t');
    expect(formatSql('\n    DELETE FROM t WHERE id IN (\n      SELECT id FROM t)')).toBe('DELETE FROM t WHERE id IN (\n  SELECT id FROM t)');
  });
});
