import { SSO_AUDIT_RPC } from '@dcp/contracts';
import { collectEntryPoints, emptyEntryPoints } from '@dcp/runtime';
import { ADMIN_AUDIT_PROVIDERS } from './admin-audit.providers';

/** What the audit log's classes declare for the host that lists them (sso-service's). */
describe('ADMIN_AUDIT_PROVIDERS', () => {
  const found = ADMIN_AUDIT_PROVIDERS.reduce((into, type) => collectEntryPoints(type, into), emptyEntryPoints());

  it('serves the three audit contracts under the operation labels dashboards know', () => {
    const served = Object.fromEntries(found.rpc.map((d) => [d.declared.contract.subject, d.declared.operation]));
    expect(served).toEqual({
      [SSO_AUDIT_RPC.record.subject]: 'admin.audit.record',
      [SSO_AUDIT_RPC.complete.subject]: 'admin.audit.complete',
      [SSO_AUDIT_RPC.list.subject]: 'admin.audit.list',
    });
  });

  it('runs its retention purge, and nothing else of a service', () => {
    expect(found.periodic.map((d) => d.declared.name)).toEqual(['admin audit purge']);
    expect([found.operations, found.readiness, found.reactions, found.parts]).toEqual([[], [], [], []]);
  });
});
