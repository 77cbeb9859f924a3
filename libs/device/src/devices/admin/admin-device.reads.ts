/**
 * Read-only look-ups of devices for operators (admin API): a device by MAC and one page of a user's devices,
 * each with its manufacturer's name (device-service's own manufacturer rows).
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
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

  /** One page of the user's devices in the order they were bound, and how many there are in all. */
  async pageByUser(userId: number, limit: number, offset: number): Promise<{ items: DeviceWithManufacturer[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db.client.device.findMany({ where: { userId }, orderBy: { id: 'asc' }, take: limit, skip: offset }),
      this.db.client.device.count({ where: { userId } }),
    ]);
    return { items: await this.withManufacturers(rows), total };
  }

  private async withManufacturers(devices: Device[]): Promise<DeviceWithManufacturer[]> {
    const codes = [...new Set(devices.map((d) => d.oemCode))];
    const manufacturers = codes.length === 0 ? [] : await this.db.client.manufacturer.findMany({ where: { oemCode: { in: codes } }, select: { oemCode: true, name: true } });
    const names = new Map(manufacturers.map((m) => [m.oemCode, m.name]));
    return devices.map((d) => ({ ...d, manufacturerName: names.get(d.oemCode) ?? null }));
  }
}
