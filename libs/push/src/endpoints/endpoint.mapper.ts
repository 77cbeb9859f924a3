import type { PushEndpointRecord } from './endpoint.repository';

/** What an app reads of an endpoint: never the whole token (decisions PS8). */
export function toEndpointView(e: PushEndpointRecord) {
  return {
    endpointId: e.id,
    provider: e.provider,
    tokenTail: e.token.slice(-8),
    devIds: e.macAddrs,
    createdAt: Math.floor(e.createdAt.getTime() / 1000),
    lastDeliveredAt: e.lastDeliveredAt ? Math.floor(e.lastDeliveredAt.getTime() / 1000) : 0,
  };
}
