/**
 * `GET /admin/v1/outbox`: the outbox backlog of every service that publishes events (OUTBOX_SERVICES), each
 * asked over its own contract at once; a service that fails or does not answer is listed with its error.
 */
import { OUTBOX_SERVICES, type OutboxView, outboxBacklogContract, outboxViewSchema } from '@dcp/contracts';
import { type AdminRpc, composition, part } from '../admin-composition';

export async function outboxBacklogs(_request: unknown, rpc: AdminRpc): Promise<OutboxView> {
  const services = await Promise.all(OUTBOX_SERVICES.map(async (service) => ({ service, ...(await part(() => rpc.request(outboxBacklogContract(service), {}))) })));
  return { services };
}

export const OUTBOX_BACKLOG = composition(outboxViewSchema, outboxBacklogs);
