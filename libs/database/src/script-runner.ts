/**
 * A migration-aware adapter factory whose adapters run migration scripts the way the native schema engine
 * does: the whole script in one simple-query call.
 *
 * Why: `@prisma/adapter-pg` 7.10 splits a script on every ";" (a ";" inside a string literal or a function
 * body breaks the migration), and `pglite-prisma-adapter` 0.7.2 does not await `exec`, so a failing
 * migration would be recorded as applied and its error would surface as an unhandled rejection.
 * PostgreSQL runs a multi-statement simple query in one implicit transaction, so a failing migration
 * leaves nothing half-applied (as with `prisma migrate deploy`).
 */
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

export type ScriptRunner = (script: string) => Promise<void>;

/** Both adapters convert driver errors into Prisma's DriverAdapterError in this (untyped) method. */
interface ErrorConverting {
  onError?: (error: unknown) => never;
}

export function withScriptRunner(adapter: SqlDriverAdapter, run: ScriptRunner): SqlDriverAdapter {
  adapter.executeScript = async (script: string) => {
    try {
      await run(script);
    } catch (error) {
      (adapter as unknown as ErrorConverting).onError?.(error);
      throw error;
    }
  };
  return adapter;
}

export class ScriptFaithfulAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider: SqlDriverAdapterFactory['provider'];
  readonly adapterName: string;

  constructor(
    private readonly inner: SqlDriverAdapterFactory,
    private readonly runScript: ScriptRunner,
    private readonly openShadow: () => Promise<SqlDriverAdapter>,
  ) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return withScriptRunner(await this.inner.connect(), this.runScript);
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.openShadow();
  }
}
