/**
 * Read-only look-ups of devices for operators (admin API): a device by MAC and one page of a user's devices,
 * each with its manufacturer's name (device-service's own manufacturer rows).
 */
import { Inject, Injectable } from '@nestjs/common';
import { raw, sqltag as sql } from '@prisma/client/runtime/client';
import type { ListTotal, PageWindow } from '@dcp/contracts';
import { listTotal, serviceDatabaseToken } from '@dcp/runtime';
import type { DeviceDatabase } from '../../device-database.types';
import type { Device } from '../device';

/** A device with the name of the manufacturer registered under its oemCode (null when none is). */
export type DeviceWithManufacturer = Device & { manufacturerName: string | null };

@Injectable()
export class AdminDeviceReads {
  constructor(@Inject(serviceDatabaseToken('device')) private readonly db: DeviceDatabase) {}

  /** The device under this canonical MAC, whoever owns it. */
  async findByMac(macAddr: string): Promise<DeviceWithManufacturer | null> {
    const device = await this.db.client.device.findUnique({ where: { macAddr } });
    if (!device) return null;
    const [withName] = await this.withManufacturers([device]);
    return withName;
  }

  /**
   * One page of the user's devices in the order they were bound: `take` devices after `after` or from `offset`,
   * through the (user_id, id) index, and how many the user has (ListTotal).
   */
  async pageByUser(userId: number, window: PageWindow<[id: number]>): Promise<{ items: DeviceWithManufacturer[] } & ListTotal> {
    const from = sql`FROM "device"."device" d WHERE d.user_id = ${userId}`;
    const order = sql`ORDER BY d.id`;
    const after = window.after === undefined ? raw('') : sql`AND d.id > ${window.after[0]}`;
    const [ids, total] = await Promise.all([
      this.db.client.$queryRaw<{ id: number }[]>(sql`SELECT d.id ${from} ${after} ${order} LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    const rows = ids.length === 0 ? [] : await this.db.client.device.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { id: 'asc' } });
    return { items: await this.withManufacturers(rows), ...total };
  }

  private async withManufacturers(devices: Device[]): Promise<DeviceWithManufacturer[]> {
    const codes = [...new Set(devices.map((d) => d.oemCode))];
    const manufacturers = codes.length === 0 ? [] : await this.db.client.manufacturer.findMany({ where: { oemCode: { in: codes } }, select: { oemCode: true, name: true } });
    const names = new Map(manufacturers.map((m) => [m.oemCode, m.name]));
    return devices.map((d) => ({ ...d, manufacturerName: names.get(d.oemCode) ?? null }));
  }
}
