import { GATEWAY_OPERATIONS, OPERATIONS, STORAGE_RPC, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { entryPointProblems, entryPointsOfModule, unlistedEntryPoints } from '@dcp/runtime';
import { StorageModule } from './storage.module';

/** What storage-service serves, read from the declarations of its module's classes (nothing is booted). */
describe('storage-service entry points', () => {
  const found = entryPointsOfModule(StorageModule);

  it("serves every storage operation of the gateway catalogue once, and no other service's (none is left to 009999)", () => {
    expect(entryPointProblems('storage', found)).toEqual([]);
    const served = found.operations.map((d) => GATEWAY_OPERATIONS[d.declared].service).sort();
    expect(served).toEqual(OPERATIONS.filter((op) => op.owner === 'storage').map((op) => op.service).sort());
  });

  it('serves its RPC contracts, each under an operation label', () => {
    const expected = [...Object.values(STORAGE_RPC), ADMIN_LOOKUP_RPC.recordingSummary, ADMIN_LOOKUP_RPC.recordings, ADMIN_LOOKUP_RPC.playback].map((c) => c.subject).sort();
    expect(found.rpc.map((d) => d.declared.contract.subject).sort()).toEqual(expected);
    for (const d of found.rpc) expect(d.declared.operation).toMatch(/^[a-z_.]+$/);
  });

  it('lists every class of the lib that declares an entry point (none is left unserved outside its barrel)', () => {
    expect(unlistedEntryPoints(StorageModule, __dirname)).toEqual([]);
  });
});
