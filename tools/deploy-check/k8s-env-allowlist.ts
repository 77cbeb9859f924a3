/**
 * Variables the code reads that an overlay deliberately leaves unset, each with the reason. Everything
 * else the code reads must be wired in every overlay (k8s-env.spec.ts fails naming the variable and the
 * overlay). To add a variable: set it in k8s/base (configMapGenerator) or an overlay, or add it here with
 * why its default is right for Kubernetes.
 */
export interface Unset {
  /** A variable name, or a prefix ending in `*`. */
  name: string;
  /** Overlays that leave it unset; omitted: all of them. */
  overlays?: string[];
  why: string;
}

export const DELIBERATELY_UNSET: readonly Unset[] = [
  { name: 'OTEL_*', why: 'tracing is optional: without an OTLP endpoint the SDK is not loaded; set the standard OTEL_* variables to export traces' },
  { name: 'BUILD_ID', why: 'set by the image (docker/Dockerfile: the REVISION build argument); the console overview shows it per service' },
  { name: 'PUSH_QUERY_URL', why: 'optional sub-service address handed to apps; empty means push-service\'s, PUBLIC_BASE_URL/gateway (decisions PS5)' },
  { name: 'PUSH_SEND_URL', why: 'optional sub-service address handed to apps; empty means push-service\'s, PUBLIC_BASE_URL/push/v1/alarms (decisions PS1)' },
  { name: 'VOICE_ASSISTANT_URL', why: 'optional sub-service address handed to apps; empty means none offered' },
  { name: 'SECRETS_KEY_PREVIOUS', why: 'set only while rotating SECRETS_KEY (k8s/README.md), never permanently: the services that use the key read it through an optional secretKeyRef' },
  {
    name: 'ADMIN_TOKENS',
    why: 'optional named admin tokens with roles (full, read-only), beside ADMIN_TOKEN: add the key to the Secret device-cloud-secrets; gateway-edge reads it through an optional secretKeyRef (k8s/README.md)',
  },
  { name: 'ADMIN_AUTH_FAILURES_PER_ADDRESS', why: 'default 20 wrong admin tokens per address and window before AD0429 (docs/decisions.md SDA5)' },
  { name: 'ADMIN_AUTH_FAILURE_WINDOW_MS', why: 'default one minute window of the admin guessing limit' },
  { name: 'ADMIN_CHANGES_PER_TOKEN', why: 'default 300 changing admin calls per token and window before AD0429 (docs/decisions.md SDB2)' },
  { name: 'ADMIN_CHANGES_PER_ADDRESS', why: 'default 600 changing admin calls per source address and window before AD0429 (SDB2)' },
  { name: 'ADMIN_TRUST_PROXY', why: 'no proxy stands in front of the admin port (kubectl port-forward, the internal Service gateway-edge-admin): every peer is counted by its own address (docs/decisions.md SDA6)' },
  { name: 'ADMIN_CHANGES_WINDOW_MS', why: 'default one minute window of the admin change limits' },
  { name: 'CAMERA_QUOTA_BYTES_PER_DAY', why: 'default 16 GiB a device and UTC day, about a 1.5 Mbit/s camera recording all day (docs/decisions.md CU7)' },
  { name: 'CAMERA_QUOTA_SEGMENTS_PER_MINUTE', why: 'default 60 segments a device and minute, one a second (CU7)' },
  { name: 'CAMERA_OUT_OF_ORDER_SECONDS', why: 'default 600 s a segment may start before the newest stored one (CU5)' },
  { name: 'RETENTION_SWEEP_INTERVAL_MS', why: 'default one retention sweep a minute per storage replica, besides one after each purge event' },
  { name: 'RECORDING_GRACE_DAYS', why: 'default 7 days of footage kept after a cloud-recording plan ended (CU6)' },
  { name: 'PUSH_ALARM_COOLDOWN_SECONDS', why: 'default 60 s: a device\'s alarms of one type within it merge into one message (docs/decisions.md PS4)' },
  { name: 'PUSH_ALARMS_PER_DEVICE_PER_MINUTE', why: 'default 20 alarm posts a device and minute (PS4)' },
  { name: 'PUSH_ALARMS_PER_USER_PER_MINUTE', why: 'default 200 alarm posts a minute for all of one user\'s devices (PS4)' },
  { name: 'PUSH_MESSAGE_RETENTION_DAYS', why: 'default 7 days a message and its picture are kept, purged by push-service (PS6); merchants may have their own in the admin API' },
  { name: 'PUSH_FCM_BASE_URL', why: 'default https://fcm.googleapis.com, FCM HTTP v1 itself; another address only for a proxy or a test server (PS10)' },
  { name: 'PUSH_FCM_TOKEN_URL', why: 'default https://oauth2.googleapis.com/token, Google\'s OAuth 2 token endpoint (PS10)' },
  { name: 'PUSH_APNS_PRODUCTION_URL', why: 'default https://api.push.apple.com (PS10)' },
  { name: 'PUSH_APNS_SANDBOX_URL', why: 'default https://api.sandbox.push.apple.com, for merchants whose APNs environment is sandbox (PS10)' },
  { name: 'PUSH_PROVIDER_CA_FILE', why: 'the system\'s certificate authorities verify FCM, APNs and merchants\' push servers; a file only behind a TLS-intercepting proxy' },
  { name: 'PUSH_PROVIDER_TIMEOUT_MS', why: 'default 10 s a provider call may take (PS11)' },
  { name: 'PUSH_DELIVERY_MAX_ATTEMPTS', why: 'default 12 attempts before a delivery is a dead letter (PS11)' },
  { name: 'PUSH_DELIVERY_MAX_AGE_SECONDS', why: 'default 3600: an alarm is not pushed more than an hour late (PS11)' },
  { name: 'PUSH_DELIVERY_CONCURRENCY', why: 'default 64 provider calls in flight per push replica' },
  { name: 'PUSH_DELIVERY_POLL_MS', why: 'default 1 s between looks for retries that came due; new alarms are sent at once' },
  { name: 'PUSH_BREAKER_FAILURES', why: 'default: a merchant\'s provider is paused after 10 failures in a row (PS11)' },
  { name: 'PUSH_BREAKER_RESET_MS', why: 'default 30 s pause of a failing merchant provider' },
  { name: 'AUDIT_RETENTION_DAYS', why: 'default 365 days of admin audit entries, purged by sso-service' },
  { name: 'RPC_TIMEOUT_MS', why: 'default 5 s fits the edge and services in one cluster' },
  { name: 'EVENT_MAX_DELIVER', why: 'default 5 deliveries before a dead letter' },
  { name: 'EVENT_RETRY_DELAY_MS', why: 'default 5 s between deliveries' },
  { name: 'EVENT_ACK_WAIT_MS', why: 'default 30 s, above every handler\'s work' },
  { name: 'MERCHANT_TIMEOUT_MS', why: 'default bounds merchant calls well inside the edge\'s request timeout' },
  { name: 'MERCHANT_MAX_CONCURRENT', why: 'default per-merchant concurrency' },
  { name: 'MERCHANT_BREAKER_FAILURES', why: 'default circuit breaker of merchant calls' },
  { name: 'MERCHANT_BREAKER_RESET_MS', why: 'default circuit breaker of merchant calls' },
  { name: 'RATE_LIMIT_PER_ADDRESS', why: 'default per-address limit of the edge\'s public port' },
  { name: 'RATE_LIMIT_PER_CLIENT', why: 'default per-clientId limit of the edge\'s public port' },
  { name: 'RATE_LIMIT_WINDOW_MS', why: 'default rate-limit window' },
  { name: 'HTTP_REQUEST_TIMEOUT_MS', why: 'default HTTP time limits of the edge' },
  { name: 'HTTP_HEADERS_TIMEOUT_MS', why: 'default HTTP time limits of the edge' },
  { name: 'HTTP_KEEP_ALIVE_TIMEOUT_MS', why: 'default HTTP time limits of the edge' },
  { name: 'HTTP_CONNECTION_TIMEOUT_MS', why: 'default HTTP time limits of the edge' },
  { name: 'SHUTDOWN_TIMEOUT_MS', why: 'default 25 s stays under every pod\'s terminationGracePeriodSeconds (k8s-workloads.spec.ts checks it)' },
  { name: 'NATS_TLS_CA_FILE', overlays: ['dev'], why: 'dev speaks plain TCP to NATS inside the namespace; prod verifies the server\'s TLS certificate with the CA of overlays/prod/nats-tls.yaml' },
  { name: 'S3_ENDPOINT', overlays: ['prod'], why: 'prod uses AWS S3 of S3_REGION; set it for another S3-compatible store' },
  { name: 'S3_FORCE_PATH_STYLE', overlays: ['prod'], why: 'AWS S3 takes virtual-hosted style (the default)' },
];

export function deliberatelyUnset(name: string, overlay: string): Unset | undefined {
  return DELIBERATELY_UNSET.find(
    (u) => (u.name.endsWith('*') ? name.startsWith(u.name.slice(0, -1)) : u.name === name) && (!u.overlays || u.overlays.includes(overlay)),
  );
}
