/**
 * A PostgreSQL session-level advisory lock per service, held on its own connection while one process
 * migrates: a second migrator of the same service (another replica, a rerun Job) waits, then finds
 * nothing left to apply. If the holder dies, PostgreSQL releases the lock with its connection.
 */
import { Client } from 'pg';

/** How long a migrator waits for another one before giving up with a clear error. */
const LOCK_WAIT = '10min';

export async function withAdvisoryLock<T>(url: string, service: string, fn: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: `dcp-migrate-${service}`, connectionTimeoutMillis: 10_000 });
  // A lost connection rejects the pending query; without a listener the 'error' event would crash.
  client.on('error', () => undefined);
  await client.connect();
  const key = `dcp-migrate:${service}`;
  try {
    await client.query(`SET lock_timeout = '${LOCK_WAIT}'`);
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
    } catch (err) {
      throw new Error(`could not take the migration lock of ${service} (another migration still running?): ${(err as Error).message}`);
    }
    return await fn();
  } finally {
    // Ending the session releases the lock even if the unlock query fails.
    await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
