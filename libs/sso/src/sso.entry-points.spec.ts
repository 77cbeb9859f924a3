import { GATEWAY_OPERATIONS, OPERATIONS, SSO_RPC, SSO_ADMIN_RPC, SSO_AUDIT_RPC, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { entryPointProblems, entryPointsOfModule, unlistedEntryPoints } from '@dcp/runtime';
import { SsoModule } from './sso.module';

/** What sso-service serves, read from the declarations of its module's classes (nothing is booted). */
describe('sso-service entry points', () => {
  const found = entryPointsOfModule(SsoModule);

  it("serves every sso operation of the gateway catalogue once, and no other service's (none is left to 009999)", () => {
    expect(entryPointProblems('sso', found)).toEqual([]);
    const served = found.operations.map((d) => GATEWAY_OPERATIONS[d.declared].service).sort();
    expect(served).toEqual(OPERATIONS.filter((op) => op.owner === 'sso').map((op) => op.service).sort());
  });

  it('serves its RPC contracts, each under an operation label', () => {
    const expected = [...Object.values(SSO_RPC), ...Object.values(SSO_ADMIN_RPC), ...Object.values(SSO_AUDIT_RPC), ADMIN_LOOKUP_RPC.getUser, ADMIN_LOOKUP_RPC.searchUsers].map((c) => c.subject).sort();
    expect(found.rpc.map((d) => d.declared.contract.subject).sort()).toEqual(expected);
    for (const d of found.rpc) expect(d.declared.operation).toMatch(/^[a-z_.]+$/);
  });

  it('lists every class of the lib that declares an entry point (none is left unserved outside its barrel)', () => {
    expect(unlistedEntryPoints(SsoModule, __dirname)).toEqual([]);
  });
});
