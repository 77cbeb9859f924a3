/**
 * Device rows of the device schema. Every change that ends or starts a binding enqueues its event in the
 * same transaction (ServiceEvents: published right after the commit).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { hotStatement } from '@dcp/database';
import { type CiphertextColumn, SERVICE_EVENTS, type ServiceEvents, serviceDatabaseToken, staleCiphertexts } from '@dcp/runtime';
import type { DeviceDatabase, DeviceTransaction } from '../device-database.types';
import type { Device, DeviceChanges, ListedDevice, NewDevice } from './device';

export type UnbindReason = EventPayload<'deviceUnbound'>['reason'];

/** What re-encrypting a device's password reads and compares (SK2). */
export type StalePassword = Pick<Device, 'id' | 'macAddr' | 'passwordCiphertext'>;

/** Passwords with their key-prefix index (device migration 20261127125300_secret_key_prefix_indexes). */
const STALE_PASSWORDS: CiphertextColumn = {
  table: '"device"."device"',
  id: '"id"',
  ciphertext: '"password_ciphertext"',
  select: 'id, mac_addr AS "macAddr", password_ciphertext AS "passwordCiphertext"',
};

/** A device (canonical MAC) named together with the user it should be bound to. */
export interface UserDevicePair {
  userId: number;
  macAddr: string;
}

/** What the device use cases need of the device rows (DeviceRepository; an in-memory fake in unit specs). */
export interface DeviceStore {
  findByMac(macAddr: string): Promise<Device | null>;
  findOwned(userId: number, macAddr: string): Promise<Device | null>;
  /** Those of these (userId, canonical MAC) pairs that are bound now. */
  boundAmong(pairs: readonly UserDevicePair[]): Promise<UserDevicePair[]>;
  listByUser(userId: number): Promise<ListedDevice[]>;
  bind(device: NewDevice): Promise<Device>;
  update(userId: number, macAddr: string, changes: DeviceChanges): Promise<boolean>;
  unbindOwned(userId: number, macAddr: string): Promise<boolean>;
  unbindOfManufacturer(oemCode: string, macAddr: string): Promise<boolean>;
}

/**
 * A hot statement (decisions PF4): planned once per connection, not compiled by Prisma on every call. Only the
 * columns a listing answers with: every column is parsed on every call.
 */
const LIST_BY_USER = hotStatement<ListedDevice>(
  'device.list-by-user',
  `SELECT mac_addr AS "macAddr", user_id AS "userId", device_name AS "deviceName", product_name AS "productName", username,
          password_ciphertext AS "passwordCiphertext", hasusertag, support_store AS "supportStore",
          support_rich_media AS "supportRichMedia", oem_code AS "oemCode"
   FROM "device"."device" WHERE user_id = $1 ORDER BY id`,
);

@Injectable()
export class DeviceRepository implements DeviceStore {
  constructor(
    @Inject(serviceDatabaseToken('device')) private readonly db: DeviceDatabase,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<DeviceTransaction>,
  ) {}

  /** Devices whose password is not under `currentPrefix`, after `after` in the key-prefix index's order (SK5). */
  stalePasswords(after: StalePassword | undefined, limit: number, currentPrefix: string): Promise<StalePassword[]> {
    const position = after === undefined ? undefined : { id: after.id, ciphertext: after.passwordCiphertext };
    return this.db.client.$queryRaw<StalePassword[]>(staleCiphertexts(STALE_PASSWORDS, currentPrefix, position, limit));
  }

  /** Writes a re-encrypted password only where the row still holds the ciphertext that was read. */
  async replacePasswordCiphertext(read: StalePassword, reencrypted: Pick<Device, 'passwordCiphertext'>): Promise<boolean> {
    const { count } = await this.db.client.device.updateMany({ where: { id: read.id, passwordCiphertext: read.passwordCiphertext }, data: { passwordCiphertext: reencrypted.passwordCiphertext } });
    return count === 1;
  }

  /** The device under this canonical MAC, whoever owns it. */
  findByMac(macAddr: string): Promise<Device | null> {
    return this.db.client.device.findUnique({ where: { macAddr } });
  }

  /** The device under this canonical MAC if `userId` owns it. */
  findOwned(userId: number, macAddr: string): Promise<Device | null> {
    return this.db.client.device.findFirst({ where: { macAddr, userId } });
  }

  /**
   * One statement for a whole batch (DEVICE_RPC.boundDevices): the pairs as one JSON array, each looked up by
   * the unique index on mac_addr and kept only when that user holds the device.
   */
  boundAmong(pairs: readonly UserDevicePair[]): Promise<UserDevicePair[]> {
    if (pairs.length === 0) return Promise.resolve([]);
    const json = JSON.stringify(pairs.map((p) => ({ user_id: p.userId, mac_addr: p.macAddr })));
    return this.db.client.$queryRaw<UserDevicePair[]>`
      SELECT DISTINCT d.user_id AS "userId", d.mac_addr AS "macAddr"
      FROM jsonb_to_recordset(${json}::jsonb) AS p(user_id int, mac_addr varchar)
      JOIN "device"."device" d ON d.mac_addr = p.mac_addr AND d.user_id = p.user_id`;
  }

  /** A user's devices in the order they were added: the gateway's hottest read (getOemDeviceByUser). */
  listByUser(userId: number): Promise<ListedDevice[]> {
    return this.db.run(LIST_BY_USER, [userId]);
  }

  /** Inserts the device and enqueues device.bound; a MAC bound already fails with a unique violation (P2002). */
  bind(device: NewDevice): Promise<Device> {
    return this.events.transaction(async (tx) => {
      const created = await tx.device.create({ data: device });
      await this.events.enqueue(tx, 'deviceBound', { macAddr: created.macAddr, userId: created.userId, oemCode: created.oemCode });
      return created;
    });
  }

  /** False when `userId` has no device under this MAC. */
  async update(userId: number, macAddr: string, changes: DeviceChanges): Promise<boolean> {
    const { count } = await this.db.client.device.updateMany({ where: { macAddr, userId }, data: changes });
    return count === 1;
  }

  /** Unbinds the user's device (reason 'user'); false when the user has none under this MAC. */
  unbindOwned(userId: number, macAddr: string): Promise<boolean> {
    return this.events.transaction(async (tx) => {
      const gone = await tx.$queryRaw<{ userId: number; macAddr: string }[]>`
        DELETE FROM "device"."device" WHERE mac_addr = ${macAddr} AND user_id = ${userId}
        RETURNING user_id AS "userId", mac_addr AS "macAddr"`;
      await this.enqueueUnbound(tx, gone, 'user');
      return gone.length > 0;
    });
  }

  /** Unbinds a device of this manufacturer (reason 'force'); false when no device of `oemCode` has this MAC. */
  unbindOfManufacturer(oemCode: string, macAddr: string): Promise<boolean> {
    return this.events.transaction(async (tx) => {
      const gone = await tx.$queryRaw<{ userId: number; macAddr: string }[]>`
        DELETE FROM "device"."device" WHERE mac_addr = ${macAddr} AND oem_code = ${oemCode}
        RETURNING user_id AS "userId", mac_addr AS "macAddr"`;
      await this.enqueueUnbound(tx, gone, 'force');
      return gone.length > 0;
    });
  }

  private async enqueueUnbound(tx: DeviceTransaction, rows: { userId: number; macAddr: string }[], reason: UnbindReason): Promise<void> {
    for (const row of rows) await this.events.enqueue(tx, 'deviceUnbound', { macAddr: row.macAddr, userId: row.userId, reason });
  }
}
