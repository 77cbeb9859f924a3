/** Manufacturer rows of the device schema. */
import { Inject, Injectable } from '@nestjs/common';
import { type Sql, raw, sqltag as sql } from '@prisma/client/runtime/client';
import type { ListManufacturersFilter, ListTotal, PageWindow } from '@dcp/contracts';
import { escapeLikeWildcards } from '@dcp/database';
import { type CiphertextColumn, listTotal, serviceDatabaseToken, staleCiphertexts } from '@dcp/runtime';
import type { DeviceDatabase } from '../device-database.types';
import type { Manufacturer, NewManufacturer } from './manufacturer';

/** What the manufacturer use cases need of the manufacturer rows (ManufacturerRepository; an in-memory fake in unit specs). */
export interface ManufacturerStore {
  findByOemCode(oemCode: string): Promise<Manufacturer | null>;
  create(manufacturer: NewManufacturer): Promise<Manufacturer>;
  replaceDelKey(oemCode: string, delKeyCiphertext: string, rotatedAt: number, ifCiphertext: string): Promise<Manufacturer | undefined>;
  /** Registration order; `q` matched literally (wildcards escaped), case-insensitively, in the oemCode or name. */
  page(filter: ListManufacturersFilter, window: PageWindow<[id: number]>): Promise<{ items: Manufacturer[] } & ListTotal>;
}

/** What re-encrypting a delKey reads and compares (SK2). */
export type StaleDelKey = Pick<Manufacturer, 'id' | 'oemCode' | 'delKeyCiphertext'>;

/** delKeys with their key-prefix index (device migration 20261127125300_secret_key_prefix_indexes). */
const STALE_DEL_KEYS: CiphertextColumn = {
  table: '"device"."manufacturer"',
  id: '"id"',
  ciphertext: '"del_key_ciphertext"',
  select: 'id, oem_code AS "oemCode", del_key_ciphertext AS "delKeyCiphertext"',
};

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

  /** Manufacturers whose delKey is not under `currentPrefix`, after `after` in the key-prefix index's order (SK5). */
  staleDelKeys(after: StaleDelKey | undefined, limit: number, currentPrefix: string): Promise<StaleDelKey[]> {
    const position = after === undefined ? undefined : { id: after.id, ciphertext: after.delKeyCiphertext };
    return this.db.client.$queryRaw<StaleDelKey[]>(staleCiphertexts(STALE_DEL_KEYS, currentPrefix, position, limit));
  }

  /** Writes a re-encrypted delKey only where the row still holds the ciphertext that was read (the key itself is unchanged: no rotation time). */
  async replaceDelKeyCiphertext(read: StaleDelKey, reencrypted: Pick<Manufacturer, 'delKeyCiphertext'>): Promise<boolean> {
    const { count } = await this.db.client.manufacturer.updateMany({ where: { id: read.id, delKeyCiphertext: read.delKeyCiphertext }, data: { delKeyCiphertext: reencrypted.delKeyCiphertext } });
    return count === 1;
  }

  /**
   * `take` manufacturers after `after` or from `offset` in registration order, and how many match: ids through the
   * primary key (`q` is a substring, checked on the rows walked: manufacturers are few), rows by primary key.
   */
  async page(filter: ListManufacturersFilter, window: PageWindow<[id: number]>): Promise<{ items: Manufacturer[] } & ListTotal> {
    const contains = filter.q === undefined ? undefined : `%${escapeLikeWildcards(filter.q)}%`;
    const where: Sql = contains === undefined ? raw('TRUE') : sql`(m.oem_code ILIKE ${contains} OR m.name ILIKE ${contains})`;
    const from = sql`FROM "device"."manufacturer" m WHERE ${where}`;
    const order = sql`ORDER BY m.id`;
    const after = window.after === undefined ? raw('') : sql`AND m.id > ${window.after[0]}`;
    const [ids, total] = await Promise.all([
      this.db.client.$queryRaw<{ id: number }[]>(sql`SELECT m.id ${from} ${after} ${order} LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    const items = ids.length === 0 ? [] : await this.db.client.manufacturer.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { id: 'asc' } });
    return { items, ...total };
  }
}
