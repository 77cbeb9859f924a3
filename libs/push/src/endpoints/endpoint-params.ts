/**
 * The parameters of push_endpoint.* (decisions PS8), checked beyond their lengths: the provider named, a token of
 * the provider's form (FCM: URL-safe base64 with ':'; APNs: hex, kept lower-case; webhook: any printable text),
 * and the device set (MACs in any spelling, at most PUSH_LIMITS.maxEndpointDevices).
 */
import { ErrorCode, PUSH_LIMITS, PUSH_PROVIDERS, PlatformError, type PushProviderName, normalizeMac } from '@dcp/contracts';

const invalid = (name: string, why: string) => new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `invalid parameter ${name}: ${why}`);

export function parseProvider(value: string): PushProviderName {
  const provider = value.trim().toLowerCase();
  if (!(PUSH_PROVIDERS as readonly string[]).includes(provider)) throw invalid('provider', `is ${PUSH_PROVIDERS.join(', ')} (was ${JSON.stringify(value.slice(0, 20))})`);
  return provider as PushProviderName;
}

const TOKEN_FORMS: Record<PushProviderName, { pattern: RegExp; what: string }> = {
  fcm: { pattern: /^[A-Za-z0-9_:-]{20,}$/, what: 'an FCM registration token (letters, digits, "-", "_", ":")' },
  apns: { pattern: /^[0-9a-fA-F]{64,200}$/, what: 'an APNs device token (64 to 200 hex digits)' },
  webhook: { pattern: /^\S(.*\S)?$/, what: 'a recipient id without leading or trailing blanks' },
};

export function parseToken(provider: PushProviderName, value: string): string {
  const form = TOKEN_FORMS[provider];
  if (!form.pattern.test(value)) throw invalid('token', `is not ${form.what}`);
  return provider === 'apns' ? value.toLowerCase() : value;
}

/** Canonical MACs of `devIds`; empty when absent or empty (every device). */
export function parseDeviceSet(value: string | undefined): string[] {
  const listed = (value ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '');
  const macs = listed.map((m) => normalizeMac(m) ?? (() => { throw invalid('devIds', `${JSON.stringify(m.slice(0, 20))} is not a MAC address`); })());
  const unique = [...new Set(macs)];
  if (unique.length > PUSH_LIMITS.maxEndpointDevices) throw invalid('devIds', `names more than ${PUSH_LIMITS.maxEndpointDevices} devices`);
  return unique.sort();
}
