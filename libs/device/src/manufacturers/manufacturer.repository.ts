/** Manufacturer rows of the device schema. */
import { Inject, Injectable } from '@nestjs/common';
import type { ListManufacturersFilter } from '@dcp/contracts';
import { escapeLikeWildcards } from '@dcp/database';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { DeviceDatabase } from '../device-database.types';
import type { Manufacturer, NewManufacturer } from './manufacturer';

/** What the manufacturer use cases need of the manufacturer rows (ManufacturerRepository; an in-memory fake in unit specs). */
export interface ManufacturerStore {
  findByOemCode(oemCode: string): Promise<Manufacturer | null>;
  create(manufacturer: NewManufacturer): Promise<Manufacturer>;
  replaceDelKey(oemCode: string, delKeyCiphertext: string, rotatedAt: number, ifCiphertext: string): Promise<Manufacturer | undefined>;
  /** Registration order; `q` matched literally (wildcards escaped), case-insensitively, in the oemCode or name. */
  page(filter: ListManufacturersFilter, limit: number, offset: number): Promise<{ items: Manufacturer[]; total: number }>;
}

@Injectable()
export class ManufacturerRepository implements ManufacturerStore {
  constructor(@Inject(serviceDatabaseToken('device')) private readonly db: DeviceDatabase) {}

  findByOemCode(oemCode: string): Promise<Manufacturer | null> {
    return this.db.client.manufacturer.findUnique({ where: { oemCode } });
  }

  /** A taken oemCode fails with a unique violation (P2002). */
  create(manufacturer: NewManufacturer): Promise<Manufacturer> {
    return this.db.client.manufacturer.create({ data: manufacturer });
  }

  /** Replaces the delKey if it is still `ifCiphertext`; undefined when another rotation changed it first. */
  async replaceDelKey(oemCode: string, delKeyCiphertext: string, rotatedAt: number, ifCiphertext: string): Promise<Manufacturer | undefined> {
    const { count } = await this.db.client.manufacturer.updateMany({
      where: { oemCode, delKeyCiphertext: ifCiphertext },
      data: { delKeyCiphertext, delKeyRotatedAt: new Date(rotatedAt) },
    });
    if (count === 0) return undefined;
    return (await this.findByOemCode(oemCode)) ?? undefined;
  }

  /** Manufacturers after `afterId` whose delKey ciphertext does not start with `currentPrefix` (SK2). */
  staleDelKeys(afterId: number, limit: number, currentPrefix: string): Promise<Manufacturer[]> {
    return this.db.client.manufacturer.findMany({ where: { id: { gt: afterId }, NOT: { delKeyCiphertext: { startsWith: currentPrefix } } }, orderBy: { id: 'asc' }, take: limit });
  }

  /** Writes a re-encrypted delKey only where the row still holds the ciphertext that was read (the key itself is unchanged: no rotation time). */
  async replaceDelKeyCiphertext(read: Manufacturer, reencrypted: Pick<Manufacturer, 'delKeyCiphertext'>): Promise<boolean> {
    const { count } = await this.db.client.manufacturer.updateMany({ where: { id: read.id, delKeyCiphertext: read.delKeyCiphertext }, data: { delKeyCiphertext: reencrypted.delKeyCiphertext } });
    return count === 1;
  }

  async page(filter: ListManufacturersFilter, limit: number, offset: number): Promise<{ items: Manufacturer[]; total: number }> {
    const contains = filter.q === undefined ? undefined : { contains: escapeLikeWildcards(filter.q), mode: 'insensitive' as const };
    const where = contains ? { OR: [{ oemCode: contains }, { name: contains }] } : {};
    const [items, total] = await Promise.all([
      this.db.client.manufacturer.findMany({ where, orderBy: { id: 'asc' }, take: limit, skip: offset }),
      this.db.client.manufacturer.count({ where }),
    ]);
    return { items, total };
  }
}
