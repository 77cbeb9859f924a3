/**
 * Operator CLI for the service databases (offline: Prisma's WebAssembly schema engine).
 *
 *   migrate deploy                    apply every service's pending migrations
 *   migrate status                    applied / pending / failed migrations per service
 *   migrate wait [<service>…] [--timeout <s>]
 *                                     poll until every migration of those services' schemas (default: all)
 *                                     is applied; never migrates (a Deployment's initContainer, k8s/README.md)
 *   migrate create <service> <name>   write the next migration from a changed schema.prisma
 *   migrate template                  build (or find) the embedded mode's pre-migrated template
 *
 * Target: DATABASE_URL (PostgreSQL, each service in its own schema) or, when unset, the embedded PGlite
 * folder DATA_DIR/database, every service in its own schema (DATA_DIR defaults to ./.data, as for the apps;
 * a service with a folder of an earlier release, DATA_DIR/pglite/<service>, keeps it).
 * Exit codes: 0 done / up to date; 1 a migration failed, or status found pending/failed/modified
 * migrations, or wait's deadline (--timeout, default 600 s) passed first; 2 usage error.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseConfig, ServiceDatabaseDefinition } from '../api';
import { migrationStatus } from '../migration-status';
import { waitForMigrations } from '../migration-wait';
import { createMigration } from '../migrations';
import type { PgliteLease } from '../pglite-adapter';
import { leasePglite } from '../pglite-instances';
import { migratedTemplate, templateCacheDir, templateKey } from '../pglite-template';
import { migrateService } from '../service-database';
import { allServiceDatabases, embeddedDatabaseConfig, serviceDatabase, workspaceRoot } from '../service-definitions';

const USAGE = `usage: migrate deploy | migrate status | migrate wait [<service>…] [--timeout <seconds>] | migrate create <service> <name> | migrate template
  target: DATABASE_URL if set, else the PGlite folder DATA_DIR/database (or DATA_DIR/pglite/<service> of earlier releases)`;

function target(service: string): DatabaseConfig {
  const url = process.env.DATABASE_URL;
  if (url) return { kind: 'postgres', url };
  // No template: deploy applies (and reports) every migration itself, as on PostgreSQL.
  return embeddedDatabaseConfig(resolve(process.env.DATA_DIR || '.data'), service, () => []);
}

function describeTarget(): string {
  const url = process.env.DATABASE_URL;
  if (!url) return `PGlite folder ${join(resolve(process.env.DATA_DIR || '.data'), 'database')}`;
  const u = new URL(url);
  return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}

const out = (line: string) => process.stdout.write(line + '\n');
const err = (line: string) => process.stderr.write(line + '\n');
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function services(): ServiceDatabaseDefinition[] {
  const defs = allServiceDatabases(workspaceRoot());
  if (!defs.length) throw new Error(`no libs/<service>/prisma/schema.prisma under ${workspaceRoot()}`);
  return defs;
}

/**
 * Every service in turn, each embedded folder held open until all are done: the services share it
 * (../pglite-instances.ts); closing and reopening it for each one made `status` take twice as long.
 */
async function forEachService(fn: (def: ServiceDatabaseDefinition, config: DatabaseConfig) => Promise<void>): Promise<void> {
  const held: PgliteLease[] = [];
  try {
    for (const def of services()) {
      const config = target(def.service);
      if (config.kind === 'pglite') held.push(leasePglite(config));
      await fn(def, config);
    }
  } finally {
    await Promise.all(held.map((lease) => lease.release()));
  }
}

/** Every service, even after one fails (they are independent); exit 1 if any failed. */
async function deploy(): Promise<number> {
  out(`migrate deploy → ${describeTarget()}`);
  let failures = 0;
  await forEachService(async (def, config) => {
    try {
      const { applied } = await migrateService(def, config);
      out(`${def.service}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
    } catch (e) {
      failures++;
      err(`${def.service}: FAILED\n${message(e)}`);
    }
  });
  if (failures) err(`migrate deploy: ${failures} service(s) failed; the others are migrated. Fix the cause and run deploy again.`);
  return failures ? 1 : 0;
}

async function status(): Promise<number> {
  out(`migrate status → ${describeTarget()}`);
  let behind = false;
  await forEachService(async (def, config) => {
    let s;
    try {
      s = await migrationStatus(def, config);
    } catch (e) {
      err(`${def.service}: status unavailable: ${message(e)}`);
      behind = true;
      return;
    }
    const parts = [`${s.applied.length} applied`, `${s.pending.length} pending${s.pending.length ? ` (${s.pending.join(', ')})` : ''}`];
    if (!s.initialised) parts.unshift('not initialised');
    if (s.failed.length) parts.push(`FAILED: ${s.failed.join(', ')}`);
    if (s.modified.length) parts.push(`changed after being applied: ${s.modified.join(', ')}`);
    if (s.unknown.length) parts.push(`applied but not in this release: ${s.unknown.join(', ')}`);
    out(`${def.service}: ${parts.join('; ')}`);
    behind ||= s.pending.length > 0 || s.failed.length > 0 || s.modified.length > 0;
  });
  return behind ? 1 : 0;
}

/** Poll until the schemas are migrated (by the release's migrate Job), with a deadline. */
async function wait(args: string[]): Promise<number> {
  let timeoutSeconds = 600;
  const wanted: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--timeout') {
      timeoutSeconds = Number(args[++i]);
      if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
        err(`--timeout needs a number of seconds\n${USAGE}`);
        return 2;
      }
    } else wanted.push(args[i]);
  }
  const defs = wanted.length ? wanted.map((s) => serviceDatabase(s, workspaceRoot())) : services();
  const byName = new Map(defs.map((d) => [d.service, d]));
  out(`migrate wait → ${describeTarget()} (${defs.map((d) => d.service).join(', ')}; up to ${timeoutSeconds}s)`);
  const ok = await waitForMigrations([...byName.keys()], {
    timeoutMs: timeoutSeconds * 1000,
    intervalMs: 3000,
    status: (service) => migrationStatus(byName.get(service)!, target(service)),
    log: out,
  });
  return ok ? 0 : 1;
}

async function create(service: string | undefined, name: string | undefined): Promise<number> {
  if (!service || !name) {
    err(USAGE);
    return 2;
  }
  const folder = await createMigration(serviceDatabase(service, workspaceRoot()), name);
  out(folder ? `${service}: wrote libs/${service}/prisma/migrations/${folder}/migration.sql` : `${service}: no changes in schema.prisma, nothing written`);
  return 0;
}

/** The template a fresh embedded instance starts from, built now unless cached (e.g. after a build). */
async function template(): Promise<number> {
  const defs = services();
  const file = join(templateCacheDir(), `template-${templateKey(defs)}.tar`);
  const cached = existsSync(file);
  await migratedTemplate(defs);
  out(`${cached ? 'up to date' : 'built'}: ${file} (${defs.map((d) => d.service).join(', ')})`);
  return existsSync(file) ? 0 : 1;
}

async function main([command, ...args]: string[]): Promise<number> {
  switch (command) {
    case 'deploy':
      return deploy();
    case 'status':
      return status();
    case 'wait':
      return wait(args);
    case 'create':
      return create(args[0], args[1]);
    case 'template':
      return template();
    case '-h':
    case '--help':
    case 'help':
      out(USAGE);
      return 0;
    default:
      err(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
      return 2;
  }
}

/** Exit only after stdout/stderr are flushed (they are asynchronous when piped, e.g. in a Job's log). */
function exit(code: number): void {
  let pending = 2;
  const done = () => --pending === 0 && process.exit(code);
  process.stdout.write('', done);
  process.stderr.write('', done);
}

main(process.argv.slice(2)).then(exit, (e: unknown) => {
  err(`migrate: ${message(e)}`);
  exit(1);
});
