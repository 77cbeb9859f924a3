/**
 * A PostgreSQL session standing for the request path while a purge runs (decisions GT1–GT8): it may wait for
 * a lock a quarter of a second and run a statement five, so a purge that holds locks or the table too long
 * fails the spec's request-path statements instead of slowing them unnoticed.
 */
import { Client } from 'pg';

export const REQUEST_PATH_BOUNDS = { lockTimeout: '250ms', statementTimeout: '5s' } as const;

export async function connectRequestPath(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'spec-request-path' });
  await client.connect();
  await client.query(`SET lock_timeout = '${REQUEST_PATH_BOUNDS.lockTimeout}'`);
  await client.query(`SET statement_timeout = '${REQUEST_PATH_BOUNDS.statementTimeout}'`);
  return client;
}
