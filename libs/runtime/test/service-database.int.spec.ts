/**
 * serviceDatabaseProvider, the one database wiring of every service module (docs/decisions.md W4): the token is
 * the same for every caller naming the service, embedded mode migrates on start (on the very instance the client
 * uses), distributed mode leaves migrating to the CLI, and an idle PostgreSQL connection that dies is logged
 * instead of crashing the process. A stand-in client class stands for the service's generated PrismaClient.
 */
import { Logger } from '@nestjs/common';
import { type DatabaseConfig, type ServiceDatabase, migrationNames, migrationStatus, serviceDatabase } from '@dcp/database';
import { createTestDatabase, describeWithInfra, uniqueName } from '@dcp/testing';
import { Client } from 'pg';
import { RUNTIME_CONTEXT, type RuntimeContext } from '../src/host/context';
import { serviceDatabaseProvider, serviceDatabaseToken } from '../src/database/service-database';
import { ShutdownCoordinator } from '../src/health/shutdown/shutdown-coordinator';

class StandInClient {
  constructor(readonly options: { adapter: never }) {}
  async $disconnect(): Promise<void> {}
  async $queryRawUnsafe<T>(): Promise<T> {
    throw new Error('the stand-in client runs no SQL');
  }
}

const SERVICE = 'firmware';

function contextFor(mode: 'embedded' | 'distributed', config: DatabaseConfig, shutdown = new ShutdownCoordinator()): RuntimeContext {
  return { config: { mode }, database: (service: string) => (service === SERVICE ? config : undefined), shutdown } as unknown as RuntimeContext;
}

async function open(mode: 'embedded' | 'distributed', config: DatabaseConfig, shutdown?: ShutdownCoordinator): Promise<ServiceDatabase<StandInClient>> {
  const provider = serviceDatabaseProvider(SERVICE, StandInClient);
  return provider.useFactory(contextFor(mode, config, shutdown));
}

describe('serviceDatabaseProvider', () => {
  it('provides under the service token, the same symbol for every caller, after the runtime context', () => {
    const provider = serviceDatabaseProvider(SERVICE, StandInClient);
    expect(provider.provide).toBe(serviceDatabaseToken('firmware'));
    expect(serviceDatabaseToken('firmware')).toBe(Symbol.for('dcp.firmware.database'));
    expect(serviceDatabaseToken('firmware')).not.toBe(serviceDatabaseToken('device'));
    expect(provider.inject).toEqual([RUNTIME_CONTEXT]);
  });

  it('embedded: applies every migration on start, on the instance the client uses', async () => {
    const config: DatabaseConfig = { kind: 'pglite', dataDir: `memory://${uniqueName('sdb-embedded')}` };
    const db = await open('embedded', config);
    try {
      expect(db.client).toBeInstanceOf(StandInClient);
      await db.ping();
      const status = await migrationStatus(serviceDatabase(SERVICE), config);
      expect(status.applied).toEqual(migrationNames(serviceDatabase(SERVICE)));
      expect(status.pending).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('distributed: migrates nothing (the CLI does)', async () => {
    const config: DatabaseConfig = { kind: 'pglite', dataDir: `memory://${uniqueName('sdb-distributed')}` };
    const db = await open('distributed', config);
    try {
      await db.ping();
      const status = await migrationStatus(serviceDatabase(SERVICE), config);
      expect(status.applied).toEqual([]);
      expect(status.pending).toEqual(migrationNames(serviceDatabase(SERVICE)));
    } finally {
      await db.close();
    }
  });

  it('closes in the databases phase of the process shutdown (HS2), after the bus intake stopped', async () => {
    const shutdown = new ShutdownCoordinator();
    const config: DatabaseConfig = { kind: 'pglite', dataDir: `memory://${uniqueName('sdb-shutdown')}` };
    const db = await open('distributed', config, shutdown);
    let openDuringIntake: boolean | undefined;
    shutdown.register('intake', 'probe', async () => {
      openDuringIntake = await db.ping().then(() => true, () => false);
    });
    await expect(shutdown.shutdown({ log: () => undefined, error: () => undefined })).resolves.toBe(true);
    expect(openDuringIntake).toBe(true);
    await expect(db.ping()).rejects.toThrow();
  });
});

describeWithInfra(['postgres'], 'serviceDatabaseProvider on PostgreSQL', () => {
  it('logs the error of an idle pooled connection ended by the server, and the next query reconnects', async () => {
    const created = await createTestDatabase('dcp_sdb');
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const db = await open('distributed', { kind: 'postgres', url: created.url });
    const admin = new Client({ connectionString: created.url });
    admin.on('error', () => undefined);
    try {
      await db.ping();
      await admin.connect();
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'dcp-${SERVICE}'`,
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      for (let i = 0; i < 100 && logged.mock.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('PostgreSQL pool error'));
      await db.ping();
    } finally {
      logged.mockRestore();
      await admin.end().catch(() => undefined);
      await db.close();
      await created.drop();
    }
  });
});
