import type { ServiceName } from '@dcp/contracts';
import type { HotStatementRunner } from '@dcp/database';
import type { SqlClient, TransactionalSqlClient } from '@dcp/messaging';

export interface ServiceEventsOptions<Tx extends SqlClient> {
  service: ServiceName;
  /** The service's Prisma client (its PostgreSQL schema holds outbox_event, inbox_event, dead_letter_event). */
  client: TransactionalSqlClient<Tx>;
  /** The service database's hot-statement runner: what statement reactions (OB3) run on. */
  run?: HotStatementRunner;
}
