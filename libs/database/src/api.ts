/**
 * Public surface of libs/database (agreed interface; implementations live beside this file).
 */
export type DatabaseConfig =
  | {
      kind: 'postgres';
      url: string;
      /** Connections in this service's pool (default 10; PostgreSQL's own limit is shared by every replica). */
      poolSize?: number;
    }
  | { kind: 'pglite'; /** folder for this service's data; omit for in-memory (tests) */ dataDir?: string };

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
  /** SELECT 1 (health). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
