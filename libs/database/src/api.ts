/**
 * Public surface of libs/database (agreed interface; implementations live beside this file).
 */
import type { HotStatementRunner } from './hot-statements';

export type DatabaseConfig =
  | {
      kind: 'postgres';
      url: string;
      /** Connections in this service's pool (default 10; PostgreSQL's own limit is shared by every replica). */
      poolSize?: number;
    }
  | {
      kind: 'pglite';
      /**
       * Folder of the data; omit for a private in-memory instance (tests). Every config naming the same folder
       * (or the same `memory://<name>`) in one process shares one PGlite instance, each service in its own
       * schema with its own `_prisma_migrations` (embedded mode: one instance for every service).
       */
      dataDir?: string;
      /**
       * The services that live in this instance: a fresh instance starts as a copy of their pre-migrated
       * template (built once per migration set, cached) instead of running initdb and every migration.
       */
      services?: ServiceDatabaseDefinition[];
    };

/** A service's database as the database lib knows it. */
export interface ServiceDatabaseDefinition {
  /** 'sso', 'device', … : also the PostgreSQL schema name. */
  service: string;
  /** Absolute path of the service's prisma folder (schema.prisma + migrations/). */
  prismaDir: string;
}

/** What every service gets: its generated Prisma client over the right driver adapter. */
export interface ServiceDatabase<TClient> {
  client: TClient;
  /** Runs one of the service's hot statements, outside any transaction (hot-statements.ts). */
  run: HotStatementRunner;
  /** SELECT 1 (health). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
