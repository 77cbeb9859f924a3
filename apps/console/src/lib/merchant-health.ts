/**
 * A merchant's call health as a badge (the merchant list, the merchant page, the overview): the last hour of
 * sso-service's calls to its endpoints as the answering replica saw them, and its breaker.
 */
export interface CallHealth {
  status: 'healthy' | 'failing' | 'broken';
  breaker: 'closed' | 'open' | 'half-open';
  windowSeconds: number;
  calls: number;
  failures: number;
  lastFailureAt: string | null;
  lastFailure: string | null;
}

export interface HealthBadge {
  color: 'green' | 'yellow' | 'red' | 'gray';
  label: string;
  /** A sentence for the badge's title and the merchant page. */
  detail: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function callHealthBadge(health: CallHealth | undefined): HealthBadge {
  if (!health) return { color: 'gray', label: 'calls unknown', detail: 'The platform did not say how calls to this merchant fare.' };
  const hour = `in the last ${Math.round(health.windowSeconds / 60)} min`;
  if (health.status === 'broken') {
    return {
      color: 'red',
      label: health.breaker === 'half-open' ? 'breaker half-open' : 'breaker open',
      detail: `Calls to this merchant are paused (${plural(health.failures, 'failure')} of ${plural(health.calls, 'call')} ${hour}): its users cannot sign in (OP0052).`,
    };
  }
  if (health.status === 'failing') {
    return { color: 'yellow', label: `${plural(health.failures, 'failed call')}`, detail: `${plural(health.failures, 'call')} of ${health.calls} to this merchant failed ${hour} (OP0052).` };
  }
  return { color: 'green', label: health.calls === 0 ? 'no calls' : 'calls OK', detail: health.calls === 0 ? `No calls to this merchant ${hour}.` : `${plural(health.calls, 'call')} ${hour}, none failed.` };
}
