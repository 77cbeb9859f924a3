import { GATEWAY_OPERATIONS, OPERATIONS, PERMISSION_RPC, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { entryPointProblems, entryPointsOfModule, unlistedEntryPoints } from '@dcp/runtime';
import { PermissionModule } from './permission.module';

/** What permission-service serves, read from the declarations of its module's classes (nothing is booted). */
describe('permission-service entry points', () => {
  const found = entryPointsOfModule(PermissionModule);

  it("serves every permission operation of the gateway catalogue once, and no other service's (none is left to 009999)", () => {
    expect(entryPointProblems('permission', found)).toEqual([]);
    const served = found.operations.map((d) => GATEWAY_OPERATIONS[d.declared].service).sort();
    expect(served).toEqual(OPERATIONS.filter((op) => op.owner === 'permission').map((op) => op.service).sort());
  });

  it('serves its RPC contracts, each under an operation label', () => {
    const expected = [...Object.values(PERMISSION_RPC), ADMIN_LOOKUP_RPC.deviceGrants, ADMIN_LOOKUP_RPC.currentService].map((c) => c.subject).sort();
    expect(found.rpc.map((d) => d.declared.contract.subject).sort()).toEqual(expected);
    for (const d of found.rpc) expect(d.declared.operation).toMatch(/^[a-z_.]+$/);
  });

  it('lists every class of the lib that declares an entry point (none is left unserved outside its barrel)', () => {
    expect(unlistedEntryPoints(PermissionModule, __dirname)).toEqual([]);
  });
});
