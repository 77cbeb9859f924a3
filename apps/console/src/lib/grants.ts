/**
 * A grant's state in words (docs/decisions.md P6–P8): status 1 waits for activation, 3 is active; a revoked
 * grant keeps its status but is never shown to apps; an active grant whose period has ended is over.
 */
export interface GrantFacts {
  readonly grantStatus: number;
  readonly endTime: number | null;
  readonly revokedAt: string | null;
  readonly revokeReason: string | null;
}

export function grantState(grant: GrantFacts, nowMs: number): string {
  if (grant.revokedAt) return `revoked (${grant.revokeReason ?? 'no reason recorded'})`;
  if (grant.grantStatus === 1) return 'waiting for activation';
  if (grant.grantStatus === 3) return grant.endTime !== null && grant.endTime <= nowMs ? 'over' : 'active';
  return `status ${grant.grantStatus}`;
}

/** Spec 2.5 permissionType: 1 is a paid plan (the grant waits for activation), 2 and 3 are free. */
export const planTypeLabel = (type: number): string => (type === 1 ? 'paid' : type === 2 || type === 3 ? `free (type ${type})` : `type ${type}`);
