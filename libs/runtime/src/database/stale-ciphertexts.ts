/**
 * The statement that finds rows whose ciphertext is not under the current SECRETS_KEY (docs/decisions.md SK5),
 * for a table with an index on `(left(<ciphertext>, 12), <id>)` (its migration creates it). A row is stale when
 * its key prefix differs from the current one, i.e. sorts before or after it: two range scans of that index,
 * one on each side of the current prefix, walked in (prefix, id) order from the last row of the previous batch.
 * When every row is under the current key both ranges are empty — two index probes, whatever the table holds —
 * and after a rotation each batch reads only the rows it returns.
 */
import { SECRET_KEY_PREFIX_LENGTH, secretKeyPrefixOf } from '@dcp/signing';
import { type Sql, raw, sqltag as sql } from '@prisma/client/runtime/client';

/** A table holding ciphertexts, named by constants of the service's code (never input). */
export interface CiphertextColumn {
  /** `"schema"."table"`. */
  readonly table: string;
  /** The row's id column (ascending, unique). */
  readonly id: string;
  /** The ciphertext column, as written in the index expression `left(<column>, 12)`. */
  readonly ciphertext: string;
  /** The select list: the columns the service's re-encryption needs, aliased to its field names. */
  readonly select: string;
}

const IDENTIFIER = /^"[a-z_][a-z0-9_]*"$/;
/** Above every id (bigint's greatest): "after every row of this prefix". */
const MAX_ID = '9223372036854775807';

/** Up to `limit` rows of `column` not under `currentPrefix`, after the row `after` (its id and ciphertext as read). */
export function staleCiphertexts(column: CiphertextColumn, currentPrefix: string, after: { id: number; ciphertext: string } | undefined, limit: number): Sql {
  if (![column.id, column.ciphertext].every((name) => IDENTIFIER.test(name))) throw new Error(`staleCiphertexts: quoted column names only (${column.id}, ${column.ciphertext})`);
  if (currentPrefix.length !== SECRET_KEY_PREFIX_LENGTH) throw new Error(`staleCiphertexts: a key prefix has ${SECRET_KEY_PREFIX_LENGTH} characters`);
  // The expression exactly as the index has it, so the planner matches it.
  const prefix = raw(`left(${column.ciphertext}, ${SECRET_KEY_PREFIX_LENGTH})`);
  const id = raw(column.id);
  // Before every row: the empty prefix sorts first, and ids are positive.
  const afterPrefix = after === undefined ? '' : secretKeyPrefixOf(after.ciphertext);
  const afterId = after?.id ?? 0;
  const columns = sql`${raw(column.select)}, ${prefix} AS stale_key_prefix, ${id} AS stale_id`;
  // Each side has one lower bound, where its walk starts: two on the prefix column (`> current` and the row
  // comparison) would leave PostgreSQL to start at either, and from ('', 0) it walked every current row. Below
  // the current prefix: from the last row, up to the current prefix. Above it: from the later of the last row and
  // the end of the current prefix's rows (the greatest id), computed in SQL so strings compare as the index sorts.
  return sql`
    SELECT * FROM (
    (SELECT ${columns}
     FROM ${raw(column.table)}
     WHERE ${prefix} < ${currentPrefix}::text AND (${prefix}, ${id}) > (${afterPrefix}::text, ${afterId}::bigint)
     ORDER BY ${prefix}, ${id}
     LIMIT ${limit})
    UNION ALL
    (SELECT ${columns}
     FROM ${raw(column.table)}
     WHERE (${prefix}, ${id}) > (GREATEST(${afterPrefix}::text, ${currentPrefix}::text), CASE WHEN ${afterPrefix}::text > ${currentPrefix}::text THEN ${afterId}::bigint ELSE ${MAX_ID}::bigint END)
     ORDER BY ${prefix}, ${id}
     LIMIT ${limit})
    ) AS stale
    ORDER BY stale_key_prefix, stale_id
    LIMIT ${limit}`;
}
