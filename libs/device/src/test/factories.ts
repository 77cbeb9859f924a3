/** Test data of device-service's own records: one `makeX(overrides)` each, valid defaults, a fresh id and MAC (makeMac from @dcp/testing) per call. */
import { type WireParamsOf, makeMac } from '@dcp/testing';
import type { Device, NewDevice } from '../devices/device';

let nextId = 1;

/** A device to bind (what MemoryDevices.bind takes): user 1's, of manufacturer ACME, on a fresh MAC. */
export function makeNewDevice(overrides: Partial<NewDevice> = {}): NewDevice {
  return {
    macAddr: makeMac(),
    userId: 1,
    deviceName: 'Hall',
    productName: 'CAM',
    username: 'admin',
    passwordCiphertext: 'v2.iv.tag.data',
    hasusertag: 0,
    supportStore: 1,
    supportRichMedia: 1,
    oemCode: 'ACME',
    ...overrides,
  };
}

/** A bound device row as the repository returns it. */
export function makeDevice(overrides: Partial<Device> = {}): Device {
  return { id: nextId++, ...makeNewDevice(), createdAt: new Date(0), updatedAt: new Date(0), ...overrides };
}

/** The wire parameters of addOemDevice (without the identity), as an app sends them: a fresh MAC unless given. */
export function makeAddDeviceParams(overrides: WireParamsOf<'addOemDevice'> = {}): WireParamsOf<'addOemDevice'> {
  return {
    macAddr: makeMac(),
    deviceName: 'Hall',
    username: 'admin',
    password: 'ENC(abc)',
    hasusertag: '0',
    supportStore: '1',
    supportRichMedia: '1',
    productName: 'CAM',
    oemCode: 'ACME',
    ...overrides,
  };
}
