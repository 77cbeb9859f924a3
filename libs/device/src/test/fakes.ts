/** Test doubles for unit specs (time: ManualClock from @dcp/testing at T0): in-memory stores with the database's rules (each implements the store interface its use cases depend on). */
import { randomBytes } from 'node:crypto';
import type { EventPayload, ListTotal, PageWindow } from '@dcp/contracts';
import { memoryPage } from '@dcp/testing';
import type { DeviceConfig } from '../device-config';
import type { Device, DeviceChanges, NewDevice } from '../devices/device';
import type { DeviceStore } from '../devices/device.repository';
import type { UsedSigns } from '../force-unbind/used-force-sign.store';
import type { Manufacturer, NewManufacturer } from '../manufacturers/manufacturer';
import type { ManufacturerStore } from '../manufacturers/manufacturer.repository';

/** Where unit specs' ManualClock starts. */
export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The configuration device-service reads, with a fresh SECRETS_KEY and no previous keys. */
export function fakeConfig(): DeviceConfig {
  return { secretsKey: randomBytes(32), secretsKeyPrevious: [] };
}

type Bound = EventPayload<'deviceBound'>;
type Unbound = EventPayload<'deviceUnbound'>;

/** DeviceStore in memory: unique MAC, ownership filters, events recorded as the outbox would hold them. */
export class MemoryDevices implements DeviceStore {
  readonly rows: Device[] = [];
  readonly bound: Bound[] = [];
  readonly unbound: Unbound[] = [];
  private nextId = 1;
  /** Called before an insert: lets a spec simulate another add committing first. */
  beforeBind?: (device: NewDevice) => void;

  async findByMac(macAddr: string): Promise<Device | null> {
    return this.rows.find((d) => d.macAddr === macAddr) ?? null;
  }

  async findOwned(userId: number, macAddr: string): Promise<Device | null> {
    return this.rows.find((d) => d.macAddr === macAddr && d.userId === userId) ?? null;
  }

  async boundAmong(pairs: readonly { userId: number; macAddr: string }[]): Promise<{ userId: number; macAddr: string }[]> {
    return pairs.filter((p) => this.rows.some((d) => d.macAddr === p.macAddr && d.userId === p.userId)).map((p) => ({ userId: p.userId, macAddr: p.macAddr }));
  }

  async listByUser(userId: number): Promise<Device[]> {
    return this.rows.filter((d) => d.userId === userId).sort((a, b) => a.id - b.id);
  }

  async bind(device: NewDevice): Promise<Device> {
    this.beforeBind?.(device);
    if (this.rows.some((d) => d.macAddr === device.macAddr)) throw Object.assign(new Error('Unique constraint failed on the fields: (`mac_addr`)'), { code: 'P2002' });
    const row = { ...device, id: this.nextId++, createdAt: new Date(), updatedAt: new Date() };
    this.rows.push(row);
    this.bound.push({ macAddr: row.macAddr, userId: row.userId, oemCode: row.oemCode });
    return row;
  }

  async update(userId: number, macAddr: string, changes: DeviceChanges): Promise<boolean> {
    const row = this.rows.find((d) => d.macAddr === macAddr && d.userId === userId);
    if (!row) return false;
    for (const [k, v] of Object.entries(changes)) if (v !== undefined) (row as unknown as Record<string, unknown>)[k] = v;
    return true;
  }

  async unbindOwned(userId: number, macAddr: string): Promise<boolean> {
    return this.remove((d) => d.macAddr === macAddr && d.userId === userId, 'user');
  }

  async unbindOfManufacturer(oemCode: string, macAddr: string): Promise<boolean> {
    return this.remove((d) => d.macAddr === macAddr && d.oemCode === oemCode, 'force');
  }

  private remove(match: (d: Device) => boolean, reason: Unbound['reason']): boolean {
    const i = this.rows.findIndex(match);
    if (i < 0) return false;
    const [row] = this.rows.splice(i, 1);
    this.unbound.push({ macAddr: row.macAddr, userId: row.userId, reason });
    return true;
  }
}

/** ManufacturerStore in memory. */
export class MemoryManufacturers implements ManufacturerStore {
  readonly rows: Manufacturer[] = [];

  async findByOemCode(oemCode: string): Promise<Manufacturer | null> {
    return this.rows.find((m) => m.oemCode === oemCode) ?? null;
  }

  async create(m: NewManufacturer): Promise<Manufacturer> {
    if (this.rows.some((r) => r.oemCode === m.oemCode)) throw Object.assign(new Error('unique'), { code: 'P2002' });
    const row = { ...m, id: this.rows.length + 1, delKeyRotatedAt: null, createdAt: new Date(0) };
    this.rows.push(row);
    return row;
  }

  async replaceDelKey(oemCode: string, delKeyCiphertext: string, rotatedAt: number, ifCiphertext: string): Promise<Manufacturer | undefined> {
    const row = this.rows.find((m) => m.oemCode === oemCode && m.delKeyCiphertext === ifCiphertext);
    if (!row) return undefined;
    Object.assign(row, { delKeyCiphertext, delKeyRotatedAt: new Date(rotatedAt) });
    return row;
  }

  /** As the SQL: `q` a literal, case-insensitive part of the oemCode or name. */
  async page(filter: { q?: string }, window: PageWindow<[number]>): Promise<{ items: Manufacturer[] } & ListTotal> {
    const q = filter.q?.toLowerCase();
    const rows = q === undefined ? this.rows : this.rows.filter((m) => m.oemCode.toLowerCase().includes(q) || m.name.toLowerCase().includes(q));
    return memoryPage(rows, window, (m) => m.id);
  }
}

/** Used-sign store with the table's first-insert-wins rule. */
export class MemoryUsedSigns implements UsedSigns {
  readonly seen = new Map<string, Date>();

  async remember(oemCode: string, sign: string, expiresAt: Date): Promise<boolean> {
    const key = `${oemCode}:${sign}`;
    if (this.seen.has(key)) return false;
    this.seen.set(key, expiresAt);
    return true;
  }
}

/** Catches a rejected promise's error for assertions on its code and details. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; failureDetails: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; failureDetails: string };
  }
  throw new Error('expected a failure, got a success');
}
