/**
 * Push endpoints (push.push_endpoint; decisions PS8). A token is unique per merchant and provider and belongs to
 * whoever registered it last; every other query is scoped to the user.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { PushProviderName } from '@dcp/contracts';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { PushDatabase } from '../push-database.types';

export interface PushEndpointRecord {
  id: string;
  provider: PushProviderName;
  token: string;
  macAddrs: string[];
  createdAt: Date;
  lastDeliveredAt: Date | null;
}

export interface EndpointRegistration {
  userId: number;
  clientId: string;
  userUuid: string;
  provider: PushProviderName;
  token: string;
  macAddrs: string[];
  at: Date;
}

const COLUMNS = { id: true, provider: true, token: true, macAddrs: true, createdAt: true, lastDeliveredAt: true } as const;

@Injectable()
export class EndpointRepository {
  constructor(@Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase) {}

  /**
   * Registers the token for the user (moving it from another user of the merchant, a phone signed into another
   * account); undefined when it is new and the user already has `limit` endpoints.
   */
  async register(r: EndpointRegistration, limit: number): Promise<PushEndpointRecord | undefined> {
    const key = { clientId_provider_token: { clientId: r.clientId, provider: r.provider, token: r.token } };
    const existing = await this.db.client.pushEndpoint.findUnique({ where: key, select: { id: true } });
    if (!existing && (await this.db.client.pushEndpoint.count({ where: { userId: r.userId } })) >= limit) return undefined;
    const row = await this.db.client.pushEndpoint.upsert({
      where: key,
      create: { id: randomUUID(), userId: r.userId, clientId: r.clientId, userUuid: r.userUuid, provider: r.provider, token: r.token, macAddrs: r.macAddrs, createdAt: r.at, updatedAt: r.at },
      update: { userId: r.userId, userUuid: r.userUuid, macAddrs: r.macAddrs, updatedAt: r.at },
      select: COLUMNS,
    });
    return toRecord(row);
  }

  async list(userId: number): Promise<PushEndpointRecord[]> {
    const rows = await this.db.client.pushEndpoint.findMany({ where: { userId }, select: COLUMNS, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    return rows.map(toRecord);
  }

  async removeById(userId: number, id: string): Promise<number> {
    return (await this.db.client.pushEndpoint.deleteMany({ where: { userId, id } })).count;
  }

  async removeByToken(userId: number, provider: PushProviderName, token: string): Promise<number> {
    return (await this.db.client.pushEndpoint.deleteMany({ where: { userId, provider, token } })).count;
  }
}

function toRecord(row: { id: string; provider: string; token: string; macAddrs: string[]; createdAt: Date; lastDeliveredAt: Date | null }): PushEndpointRecord {
  return { ...row, provider: row.provider as PushProviderName, macAddrs: row.macAddrs ?? [] };
}
