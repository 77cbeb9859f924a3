/**
 * Finds every service database of the workspace: each `libs/<service>/prisma/schema.prisma`.
 * The root is the nearest folder with nx.json (the repository, from src or dist/), or else the nearest
 * folder with package.json and libs/ (the container image, which holds dist/, package.json and
 * libs/<service>/prisma but no nx.json).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseConfig, ServiceDatabaseDefinition } from './api';

const SERVICE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Service names are PostgreSQL schema names and appear in SQL: keep them plain identifiers. */
export function assertServiceName(service: string): void {
  if (!SERVICE_NAME.test(service)) throw new Error(`service name "${service}" must be a lower-case identifier (a-z, 0-9, _)`);
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function ancestors(from: string): string[] {
  const dirs: string[] = [];
  for (let dir = from; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

export function workspaceRoot(from: string = __dirname): string {
  const dirs = ancestors(from);
  const root =
    dirs.find((d) => existsSync(join(d, 'nx.json'))) ?? dirs.find((d) => existsSync(join(d, 'package.json')) && existsSync(join(d, 'libs')));
  if (!root) throw new Error(`no workspace root above ${from} (looked for nx.json, then package.json beside libs/)`);
  return root;
}

export function serviceDatabase(service: string, root: string = workspaceRoot()): ServiceDatabaseDefinition {
  assertServiceName(service);
  const prismaDir = join(root, 'libs', service, 'prisma');
  if (!existsSync(join(prismaDir, 'schema.prisma'))) {
    const known = allServiceDatabases(root).map((d) => d.service);
    throw new Error(`service "${service}" has no ${join(prismaDir, 'schema.prisma')} (services with a database: ${known.join(', ') || 'none'})`);
  }
  return { service, prismaDir };
}

export function allServiceDatabases(root: string = workspaceRoot()): ServiceDatabaseDefinition[] {
  return readdirSync(join(root, 'libs'))
    .filter((name) => existsSync(join(root, 'libs', name, 'prisma', 'schema.prisma')))
    .sort()
    .map((service) => ({ service, prismaDir: join(root, 'libs', service, 'prisma') }));
}

/**
 * Where a service's embedded (PGlite) database lives under a data root (DATA_DIR): `<root>/database`, one
 * PGlite folder for every service, each in its own schema; a fresh folder starts from the services'
 * pre-migrated template. A service that still has a folder of an earlier release
 * (`<root>/pglite/<service>`, one instance per service) keeps using it.
 */
export function embeddedDatabaseConfig(dataRoot: string, service: string, services: () => ServiceDatabaseDefinition[] = () => allServiceDatabases()): DatabaseConfig {
  const legacy = join(dataRoot, 'pglite', service);
  if (existsSync(join(legacy, 'PG_VERSION'))) return { kind: 'pglite', dataDir: legacy };
  return { kind: 'pglite', dataDir: join(dataRoot, 'database'), services: services() };
}
