import { GATEWAY_OPERATIONS, OPERATIONS, DEVICE_RPC, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { entryPointProblems, entryPointsOfModule, unlistedEntryPoints } from '@dcp/runtime';
import { DeviceModule } from './device.module';

/** What device-service serves, read from the declarations of its module's classes (nothing is booted). */
describe('device-service entry points', () => {
  const found = entryPointsOfModule(DeviceModule);

  it("serves every device operation of the gateway catalogue once, and no other service's (none is left to 009999)", () => {
    expect(entryPointProblems('device', found)).toEqual([]);
    const served = found.operations.map((d) => GATEWAY_OPERATIONS[d.declared].service).sort();
    expect(served).toEqual(OPERATIONS.filter((op) => op.owner === 'device').map((op) => op.service).sort());
  });

  it('serves its RPC contracts, each under an operation label', () => {
    const expected = [DEVICE_RPC.findUserDevice, DEVICE_RPC.findDeviceOwner, DEVICE_RPC.boundDevices, DEVICE_RPC.createManufacturer, DEVICE_RPC.listManufacturers, DEVICE_RPC.getManufacturer, DEVICE_RPC.rotateDelKey, ADMIN_LOOKUP_RPC.getDevice, ADMIN_LOOKUP_RPC.listUserDevices].map((c) => c.subject).sort();
    expect(found.rpc.map((d) => d.declared.contract.subject).sort()).toEqual(expected);
    for (const d of found.rpc) expect(d.declared.operation).toMatch(/^[a-z_.]+$/);
  });

  it('lists every class of the lib that declares an entry point (none is left unserved outside its barrel)', () => {
    expect(unlistedEntryPoints(DeviceModule, __dirname)).toEqual([]);
  });
});
