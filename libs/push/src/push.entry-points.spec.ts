import { GATEWAY_OPERATIONS, OPERATIONS, PUSH_ADMIN_RPC, PUSH_RPC } from '@dcp/contracts';
import { entryPointProblems, entryPointsOfModule, unlistedEntryPoints } from '@dcp/runtime';
import { PushModule } from './push.module';

/** What push-service serves, read from the declarations of its module's classes (nothing is booted). */
describe('push-service entry points', () => {
  const found = entryPointsOfModule(PushModule);

  it("serves every push operation of the gateway catalogue once, and no other service's (none is left to 009999)", () => {
    expect(entryPointProblems('push', found)).toEqual([]);
    const served = found.operations.map((d) => GATEWAY_OPERATIONS[d.declared].service).sort();
    expect(served).toEqual(OPERATIONS.filter((op) => op.owner === 'push').map((op) => op.service).sort());
  });

  it('serves its RPC contracts and its operators\' calls, each under an operation label', () => {
    const expected = [...Object.values(PUSH_RPC), ...Object.values(PUSH_ADMIN_RPC)].map((c) => c.subject).sort();
    expect(found.rpc.map((d) => d.declared.contract.subject).sort()).toEqual(expected);
    for (const d of found.rpc) expect(d.declared.operation).toMatch(/^[a-z_.]+$/);
  });

  it('lists every class of the lib that declares an entry point (none is left unserved outside its barrel)', () => {
    expect(unlistedEntryPoints(PushModule, __dirname)).toEqual([]);
  });
});
