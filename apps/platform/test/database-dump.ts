/**
 * Every stored value of a PostgreSQL database, column by column, and the spellings under which a secret
 * could hide in it — for the secrets-at-rest spec (docs/decisions.md M3, D4, D19: secrets are stored as
 * AES-256-GCM ciphertexts, tokens as hashes).
 */
import { Client } from 'pg';

/** One stored column value: where it is (`schema.table.column`) and its text. */
export interface StoredValue {
  column: string;
  text: string;
}

export interface DatabaseDump {
  /** Rows per `schema.table`, so that a spec can show the dump is not empty. */
  rowCounts: Map<string, number>;
  values: StoredValue[];
}

/** Reads every row of every table outside PostgreSQL's own schemas, as JSON (row_to_json), one value per column. */
export async function dumpDatabase(url: string): Promise<DatabaseDump> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ table_schema: string; table_name: string }>(
      `SELECT table_schema, table_name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    const rowCounts = new Map<string, number>();
    const values: StoredValue[] = [];
    for (const { table_schema: schema, table_name: table } of tables.rows) {
      const rows = await client.query<{ row: Record<string, unknown> }>(`SELECT row_to_json(t) AS row FROM "${schema}"."${table}" t`);
      rowCounts.set(`${schema}.${table}`, rows.rows.length);
      for (const { row } of rows.rows) {
        for (const [column, value] of Object.entries(row)) {
          if (value !== null) values.push({ column: `${schema}.${table}.${column}`, text: typeof value === 'string' ? value : JSON.stringify(value) });
        }
      }
    }
    return { rowCounts, values };
  } finally {
    await client.end();
  }
}

/**
 * The spellings of a secret a careless write could store: as is, URL-encoded, base64 of the secret alone
 * (standard and URL-safe, the padding left out: a value embedded in longer text may not carry it) and hex of
 * its UTF-8 bytes. Compared lower-cased, so the upper- and lower-case forms of each are covered too.
 */
export function spellingsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [secret, encodeURIComponent(secret), bytes.toString('base64').replace(/=+$/, ''), bytes.toString('base64url'), bytes.toString('hex')];
  return [...new Set(forms.map((f) => f.toLowerCase()))];
}

/** The columns (`schema.table.column`) holding the secret in any of its spellings. */
export function columnsHolding(dump: DatabaseDump, secret: string): string[] {
  const forms = spellingsOf(secret);
  const found = dump.values.filter((v) => {
    const text = v.text.toLowerCase();
    return forms.some((f) => text.includes(f));
  });
  return [...new Set(found.map((v) => v.column))].sort();
}
