/**
 * The rekognition_tag migration (docs/decisions.md I1, I2): sub-service records created before it get their
 * own random tag (16 base62 characters), fixed from then on, and the service answers it — on PGlite
 * (embedded mode, no infrastructure) and on real PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseConfig, type ServiceDatabaseDefinition, createServiceDatabase, migrateService, openAdapter, serviceDatabase } from '@dcp/database';
import { createTestDatabase, describeWithInfra } from '@dcp/testing';
import { PrismaClient } from '../src/generated/prisma/client';
import { SubServiceRepository } from '../src/sub-service/sub-service.repository';
import { Subtokens } from '../src/sub-service/subtokens';

const MIGRATION = '20261123211908_rekognition_tag';
const USERS = 5;

interface Row {
  user_id: number;
  tag: string;
  store_tag: string;
  alexa_tag: string;
  rekognition_tag: string | null;
}

/** A copy of the sso prisma folder whose migrations stop before MIGRATION; `complete()` puts the rest back. */
function ssoBeforeTheMigration(dir: string): { def: ServiceDatabaseDefinition; complete(): void } {
  const prismaDir = join(dir, 'prisma');
  const later = join(dir, 'later');
  cpSync(serviceDatabase('sso').prismaDir, prismaDir, { recursive: true });
  cpSync(join(prismaDir, 'migrations'), later, { recursive: true });
  for (const name of readdirSync(join(prismaDir, 'migrations'))) {
    if (/^\d{14}_/.test(name) && name >= MIGRATION) rmSync(join(prismaDir, 'migrations', name), { recursive: true });
  }
  return {
    def: { service: 'sso', prismaDir },
    complete: () => {
      for (const name of readdirSync(later)) {
        if (/^\d{14}_/.test(name) && name >= MIGRATION) renameSync(join(later, name), join(prismaDir, 'migrations', name));
      }
    },
  };
}

/** Plain SQL through a short-lived connection (a PGlite data folder must be open in one place only). */
async function withSql<T>(config: DatabaseConfig, run: (query: <R extends object>(sql: string, params?: unknown[]) => Promise<R[]>) => Promise<T>): Promise<T> {
  const handle = openAdapter(config, { schema: 'sso' });
  try {
    return await run((sql, params) => handle.query(sql, params));
  } finally {
    await handle.close();
  }
}

function migrationSuite(open: (dir: string) => Promise<{ config: DatabaseConfig; drop(): Promise<void> }>) {
  it('gives every record created before it its own random 16-character tag, fixed from then on, and the service answers it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dcp-sso-migration-'));
    const { config, drop } = await open(dir);
    try {
      const sso = ssoBeforeTheMigration(dir);
      expect((await migrateService(sso.def, config)).applied).not.toContain(MIGRATION);

      // Records as the service wrote them before rekognitionTag existed.
      await withSql(config, async (query) => {
        await query(
          `INSERT INTO "sso"."merchant" (client_id, name, token_validation_url, user_profile_url, secret_ciphertext, access_token_ttl_seconds, refresh_token_ttl_seconds, updated_at)
           VALUES ('client-before', 'Before', 'https://m.example/v', 'https://m.example/p', 'v1.x.y.z', 7200, 86400, now())`,
        );
        for (let i = 1; i <= USERS; i++) {
          await query(
            `INSERT INTO "sso"."user" (merchant_id, uuid, open_id, username, name, updated_at) SELECT id, $1, $2, $3, 'Before', now() FROM "sso"."merchant" WHERE client_id = 'client-before'`,
            [`uuid-${i}`, `open-${i}`, `user${i}@m.example`],
          );
          await query(
            `INSERT INTO "sso"."sub_service_info" (user_id, subtoken, area, tag, store_tag, alexa_tag, url, send_msg_url, send_msg_url_secure, store_url, alexa_url, channel_count, oem_code)
             SELECT id, $2, 'global', $3, $4, $5, '', '', '', 'https://store.example', '', 1, 'ACME' FROM "sso"."user" WHERE uuid = $1`,
            [`uuid-${i}`, `subtoken-${i}`.padEnd(32, 'x'), `tag-${i}`.padEnd(16, 't'), `store-${i}`.padEnd(16, 's'), `alexa-${i}`.padEnd(16, 'a')],
          );
        }
      });

      sso.complete();
      expect((await migrateService(sso.def, config)).applied).toContain(MIGRATION);

      const migrated = await withSql(config, async (query) => {
        const rows = await query<Row>('SELECT user_id, tag, store_tag, alexa_tag, rekognition_tag FROM "sso"."sub_service_info" ORDER BY user_id');
        const [column] = await query<{ is_nullable: string }>(
          `SELECT is_nullable FROM information_schema.columns WHERE table_schema = 'sso' AND table_name = 'sub_service_info' AND column_name = 'rekognition_tag'`,
        );
        expect(column.is_nullable).toBe('NO');
        return rows;
      });
      expect(migrated).toHaveLength(USERS);
      for (const row of migrated) {
        expect(row.rekognition_tag).toMatch(/^[A-Za-z0-9]{16}$/);
        expect([row.tag, row.store_tag, row.alexa_tag]).not.toContain(row.rekognition_tag);
      }
      // Each row its own value: the random expression ran per row, not once for the table.
      expect(new Set(migrated.map((r) => r.rekognition_tag)).size).toBe(USERS);

      // Fixed once generated: deploying again changes nothing, and the service answers the migrated tag.
      expect((await migrateService(sso.def, config)).applied).toEqual([]);
      const db = await createServiceDatabase(PrismaClient, sso.def, config);
      try {
        // Every row exists: no record is created, so the sub-service addresses are never read.
        const addresses = { pushQueryUrl: '', pushSendUrl: '', publicStoreUrl: '', voiceAssistantUrl: '' };
        const keys = { secretsKey: randomBytes(32), secretsKeyPrevious: [] };
        const records = new SubServiceRepository(db, addresses, new Subtokens(keys));
        for (const [index, row] of migrated.entries()) {
          // The subtoken written before stays the user's key (plain until re-encrypted at start, SK4).
          const subtoken = `subtoken-${index + 1}`.padEnd(32, 'x');
          await expect(records.findOrCreate(row.user_id, null)).resolves.toMatchObject({ userId: row.user_id, tag: row.tag, rekognitionTag: row.rekognition_tag, subtoken });
        }
      } finally {
        await db.close();
      }
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
}

describe('sso migration rekognition_tag (PGlite, embedded mode)', () =>
  migrationSuite(async (dir) => ({ config: { kind: 'pglite', dataDir: join(dir, 'pglite') }, drop: async () => undefined })));

describeWithInfra(['postgres'], 'sso migration rekognition_tag (PostgreSQL)', () =>
  migrationSuite(async () => {
    const created = await createTestDatabase('dcp_sso_migration');
    return { config: { kind: 'postgres', url: created.url }, drop: created.drop };
  }));
