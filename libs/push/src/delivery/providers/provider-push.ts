/**
 * What a push provider is handed and what it answers, the same for FCM, APNs and the merchant's webhook, so the
 * dispatcher decides retries, token removal and dead letters in one place (decisions PS8–PS10).
 */

/** One notification to one registered endpoint. */
export interface ProviderPush {
  /** The endpoint's token: the FCM registration token, the APNs device token (hex), the webhook's recipient id. */
  readonly token: string;
  /** Stable across retries of this delivery (a UUID): APNs `apns-id`, the webhook's idempotency key. */
  readonly deliveryId: string;
  /** The message the alarm went to: collapses a storm's notifications on the phone (FCM collapse_key, APNs apns-collapse-id). */
  readonly collapseId: string;
  readonly title: string;
  readonly body: string;
  /** Flat string data the app reads (messageId, devId, type, time, count, pictureUrl …). */
  readonly data: Readonly<Record<string, string>>;
  /** Signed picture URL, when the message has a picture. */
  readonly imageUrl?: string;
  /** Epoch seconds after which the notification is worthless (APNs apns-expiration, FCM ttl). */
  readonly expiresAt: number;
}

/** A provider's answer, normalised. */
export type ProviderOutcome =
  /** Accepted by the provider (its message id when it gives one). */
  | { readonly kind: 'sent'; readonly providerMessageId?: string }
  /** The token is no longer valid (unregistered, malformed, for another app): the endpoint is removed. */
  | { readonly kind: 'invalid-token'; readonly reason: string }
  /** Try again later (outage, 429, 5xx, timeout); retryAfterMs when the provider said when (Retry-After). */
  | { readonly kind: 'retry'; readonly reason: string; readonly retryAfterMs?: number }
  /** Refused for a reason retrying cannot fix (bad credentials, bad payload): a dead letter at once. */
  | { readonly kind: 'rejected'; readonly reason: string };

/** FCM HTTP v1 credentials of a merchant: the fields of a Google service-account key file that matter. */
export interface FcmCredentials {
  readonly projectId: string;
  readonly clientEmail: string;
  /** PKCS#8 PEM (RSA). */
  readonly privateKey: string;
}

/** APNs token-based authentication of a merchant (a .p8 signing key). */
export interface ApnsCredentials {
  readonly teamId: string;
  readonly keyId: string;
  /** PKCS#8 PEM (EC P-256), the .p8 file's content. */
  readonly privateKey: string;
  /** The app's bundle id: the `apns-topic`. */
  readonly bundleId: string;
  readonly environment: 'production' | 'sandbox';
}

/** Where the providers are (settings, so specs run against local servers speaking the same protocols). */
export interface ProviderEndpoints {
  /** PUSH_FCM_BASE_URL, default https://fcm.googleapis.com */
  readonly fcmBaseUrl: string;
  /** PUSH_FCM_TOKEN_URL, default https://oauth2.googleapis.com/token */
  readonly fcmTokenUrl: string;
  /** PUSH_APNS_PRODUCTION_URL, default https://api.push.apple.com */
  readonly apnsProductionUrl: string;
  /** PUSH_APNS_SANDBOX_URL, default https://api.sandbox.push.apple.com */
  readonly apnsSandboxUrl: string;
  /** PEM of extra certificate authorities trusted for the providers' TLS (PUSH_PROVIDER_CA_FILE's content), besides the system's. */
  readonly extraCaPem?: string;
  /** Longest one provider call may take (PUSH_PROVIDER_TIMEOUT_MS). */
  readonly timeoutMs: number;
}
