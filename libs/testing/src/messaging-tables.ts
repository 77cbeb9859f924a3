import { Pool } from 'pg';
import { createTestDatabase } from './infra';
import { PgSqlClient } from './pg-sql-client';

/**
 * The three messaging tables exactly as Prisma migrates the models of libs/messaging/README.md
 * (keep both in step; libs/messaging/README.md shows the models). Tests create them in a throwaway schema.
 */
export function messagingTablesSql(schema: string): string {
  const s = `"${schema}"`;
  return `
CREATE SCHEMA IF NOT EXISTS ${s};

CREATE TABLE ${s}."outbox_event" (
    "id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

CREATE TABLE ${s}."inbox_event" (
    "durable" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbox_event_pkey" PRIMARY KEY ("durable","event_id")
);

CREATE TABLE ${s}."dead_letter_event" (
    "id" UUID NOT NULL,
    "durable" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "event_id" UUID,
    "payload" JSONB NOT NULL,
    "deliveries" INTEGER NOT NULL,
    "error" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "dead_letter_event_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "outbox_event_published_at_seq_idx" ON ${s}."outbox_event"("published_at", "seq");

CREATE INDEX "dead_letter_event_durable_created_at_idx" ON ${s}."dead_letter_event"("durable", "created_at");
CREATE INDEX "inbox_event_processed_at_idx" ON ${s}."inbox_event"("processed_at");
CREATE INDEX "dead_letter_event_resolved_at_idx" ON ${s}."dead_letter_event"("resolved_at");
`;
}

/** A throwaway PostgreSQL database holding the messaging tables in `schema`, for specs of ServiceEvents. */
export interface MessagingDatabase {
  pool: Pool;
  client: PgSqlClient;
  /** Ends the pool, then drops the database. */
  close(): Promise<void>;
}

export async function createMessagingDatabase(prefix: string, schema: string): Promise<MessagingDatabase> {
  const db = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 8 });
  // An idle connection ended by the server (the spec's own DROP DATABASE … WITH (FORCE) at teardown) is
  // reported on the pool; unobserved, Node would turn it into an unhandled error of whichever test runs.
  pool.on('error', () => undefined);
  await pool.query(messagingTablesSql(schema));
  return {
    pool,
    client: new PgSqlClient(pool),
    close: async () => {
      await pool.end();
      await db.drop();
    },
  };
}
