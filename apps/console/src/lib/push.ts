/**
 * Alarm pushes as operators read them (push-service, admin routes /admin/v1/push/…): the alarm types cameras send,
 * the states of a delivery to one phone or push server, the providers a merchant sets up and whether a
 * provider's last 24 hours need someone to look (dead letters, an open breaker).
 */

/** The alarm types cameras send (decisions PS2); unknown ones are listed by their number. */
const ALARM_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'motion',
  2: 'sound',
  3: 'human',
  4: 'doorbell',
  5: 'offline',
  6: 'low battery',
  7: 'tamper',
  8: 'vehicle',
  9: 'pet',
  10: 'package',
};

export const alarmTypeName = (type: number): string => ALARM_TYPE_NAMES[type] ?? `alarm ${type}`;

export const PUSH_PROVIDERS = ['fcm', 'apns', 'webhook'] as const;
export type PushProvider = (typeof PUSH_PROVIDERS)[number];

const PROVIDER_LABELS: Readonly<Record<PushProvider, string>> = { fcm: 'FCM', apns: 'APNs', webhook: 'Push server (webhook)' };

export const providerLabel = (provider: string): string => PROVIDER_LABELS[provider as PushProvider] ?? provider;

export type DeliveryState = 'pending' | 'sent' | 'invalid_token' | 'cancelled' | 'dead';

/** A delivery's state as a badge: sent green, pending neutral (blue), invalid token and cancelled grey, dead red. */
export function deliveryStateBadge(state: string): { color: string; label: string } {
  switch (state) {
    case 'sent':
      return { color: 'green', label: 'sent' };
    case 'pending':
      return { color: 'blue', label: 'pending' };
    case 'invalid_token':
      return { color: 'gray', label: 'invalid token' };
    case 'cancelled':
      return { color: 'gray', label: 'cancelled' };
    case 'dead':
      return { color: 'red', label: 'dead' };
    default:
      return { color: 'gray', label: state };
  }
}

export interface DeliveryHealthFacts {
  readonly dead: number;
  readonly breaker: string;
}

/** Dead letters in the last 24 hours, or a breaker open: someone should look (the badge is red). */
export const needsAttention = (h: DeliveryHealthFacts): boolean => h.dead > 0 || h.breaker === 'open';

/** The health badge of a provider: red when it needs attention, orange while its breaker probes, else green. */
export function healthBadge(h: DeliveryHealthFacts): { color: string; label: string } {
  if (needsAttention(h)) return { color: 'red', label: h.breaker === 'open' ? 'breaker open' : `${h.dead} dead` };
  if (h.breaker === 'half-open') return { color: 'orange', label: 'breaker half-open' };
  return { color: 'green', label: 'healthy' };
}

/** A provider's summary (never a key) as one line: "projectId acme-cams · clientEmail push@acme.example". */
export const summaryLine = (summary: Readonly<Record<string, string>>): string =>
  Object.entries(summary)
    .map(([name, value]) => `${name} ${value}`)
    .join(' · ');

/** How long a merchant's users' messages are kept: its own days, or the platform's default. */
export function retentionLabel(retentionDays: number | null, defaultDays: number): string {
  const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
  return retentionDays === null ? `${days(defaultDays)} (the platform's default)` : days(retentionDays);
}

/** The UTC day (`YYYY-MM-DD`, as the recordings pages name days) of an ISO time, or undefined. */
export function utcDay(iso: string): string | undefined {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
}
