/**
 * `GET /admin/v1/consumers`: how far every durable event consumer (EVENT_CONSUMERS) is behind and its open
 * dead letters, each service asked over its own contract at once; a service that fails or does not answer is
 * listed with its error (as `/outbox`).
 */
import { type ConsumersView, EVENT_CONSUMERS, consumerLagContract, consumersViewSchema } from '@dcp/contracts';
import { type AdminRpc, composition, part } from '../admin-composition';

export async function consumerLags(_request: unknown, rpc: AdminRpc): Promise<ConsumersView> {
  const items = await Promise.all(EVENT_CONSUMERS.map(async (service) => ({ service, ...(await part(() => rpc.request(consumerLagContract(service), {}))) })));
  return { items };
}

export const CONSUMER_LAG = composition(consumersViewSchema, consumerLags);
