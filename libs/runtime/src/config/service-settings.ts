/** The services' settings: public addresses handed to apps, merchant calls, event delivery, audit retention. */
import { readFileSync } from 'node:fs';
import { DEFAULT_ACK_WAIT_MS, DEFAULT_MAX_DELIVER } from '@dcp/messaging';
import type { MerchantCallLimits } from './abuse-limits-config';
import { ConfigError, bool, int, optionalUrl, url } from './env-values';

/** What the services read: public addresses handed to apps, merchant calls, event delivery, audit retention. */
export interface ServiceSettings {
  readonly publicBaseUrl: string;
  readonly publicStoreUrl: string;
  readonly merchantAllowPrivateNetworks: boolean;
  /** Limits of sso-service's calls to merchants: time, concurrency, breaker (README: "Abuse limits"). */
  readonly merchantCalls: MerchantCallLimits;
  /**
   * Addresses of sub-services this platform does not run (push, voice assistant), handed to apps in
   * center.getServerInfo; '' when the operator offers none.
   */
  readonly pushQueryUrl: string;
  readonly pushSendUrl: string;
  readonly voiceAssistantUrl: string;
  /** Deliveries of one event to a consumer before it becomes a dead letter. */
  readonly eventMaxDeliver: number;
  /** Delay before a failed event is delivered again. */
  readonly eventRetryDelayMs: number;
  /** Longest a consumer may work on one event before it counts as failed and is delivered again. */
  readonly eventAckWaitMs: number;
  /** Days an admin audit entry is kept (AUDIT_RETENTION_DAYS); sso-service purges older ones. */
  readonly auditRetentionDays: number;
  /** What storage-service allows a camera (README "Cloud recording from a camera", decisions CU5–CU7). */
  readonly cameraUploads: CameraUploadSettings;
  /** How often storage-service's retention sweep runs besides after each purge event (RETENTION_SWEEP_INTERVAL_MS). */
  readonly retentionSweepIntervalMs: number;
  /** What push-service allows a camera's alarms and keeps of them (README "Alarms and the message center", decisions PS4, PS6). */
  readonly pushAlarms: PushAlarmSettings;
  /** Where push-service delivers alarms and how hard it tries (README "Alarms and the message center", decisions PS10, PS11). */
  readonly pushDelivery: PushDeliverySettings;
}

export interface PushDeliverySettings {
  /** PUSH_FCM_BASE_URL: FCM HTTP v1 (messages:send under /v1/projects/…). */
  readonly fcmBaseUrl: string;
  /** PUSH_FCM_TOKEN_URL: Google's OAuth 2 token endpoint (the service account's JWT is exchanged there). */
  readonly fcmTokenUrl: string;
  /** PUSH_APNS_PRODUCTION_URL / PUSH_APNS_SANDBOX_URL: APNs over HTTP/2, by the merchant's environment. */
  readonly apnsProductionUrl: string;
  readonly apnsSandboxUrl: string;
  /** PUSH_PROVIDER_CA_FILE's content: certificate authorities trusted for the providers' TLS besides the system's. */
  readonly extraCaPem: string | undefined;
  /** PUSH_PROVIDER_TIMEOUT_MS: longest one call to a provider or the merchant's push server may take. */
  readonly timeoutMs: number;
  /** PUSH_DELIVERY_MAX_ATTEMPTS: attempts of one delivery before it is a dead letter. */
  readonly maxAttempts: number;
  /** PUSH_DELIVERY_MAX_AGE_SECONDS: an alarm older than this is not pushed any more (a dead letter; still in the message center). */
  readonly maxAgeSeconds: number;
  /** PUSH_DELIVERY_CONCURRENCY: provider calls one replica makes at once. */
  readonly concurrency: number;
  /** PUSH_DELIVERY_POLL_MS: how often a replica looks for deliveries due (retries, other replicas' leftovers). */
  readonly pollMs: number;
  /** PUSH_BREAKER_FAILURES / PUSH_BREAKER_RESET_MS: a merchant's provider is paused after this many failures in a row, for this long. */
  readonly breakerFailures: number;
  readonly breakerResetMs: number;
}

function caFile(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const path = env[name];
  if (!path) return undefined;
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`${name}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(`${name}: ${path} holds no PEM certificate`);
  return pem;
}

export interface PushAlarmSettings {
  /** Alarms of one device and type within this many seconds of the message's latest are merged into it (PUSH_ALARM_COOLDOWN_SECONDS). */
  readonly cooldownSeconds: number;
  /** Alarm posts one device may make a minute (PUSH_ALARMS_PER_DEVICE_PER_MINUTE). */
  readonly perDevicePerMinute: number;
  /** Alarm posts one user's devices may make a minute together (PUSH_ALARMS_PER_USER_PER_MINUTE). */
  readonly perUserPerMinute: number;
  /** Days a message is kept (PUSH_MESSAGE_RETENTION_DAYS). */
  readonly retentionDays: number;
}

export interface CameraUploadSettings {
  /** Bytes one device may upload per UTC day (CAMERA_QUOTA_BYTES_PER_DAY). */
  readonly quotaBytesPerDay: number;
  /** Segments one device may upload per minute (CAMERA_QUOTA_SEGMENTS_PER_MINUTE). */
  readonly quotaSegmentsPerMinute: number;
  /** How far before the device's newest stored segment a new one may start (CAMERA_OUT_OF_ORDER_SECONDS). */
  readonly outOfOrderToleranceSeconds: number;
  /** Days footage stays after its cloud-recording plan ended, before it is purged (RECORDING_GRACE_DAYS). */
  readonly graceDays: number;
  /**
   * Where storage-service itself serves the camera routes (CAMERA_UPLOAD_PORT, on HOST; decisions CU10), so an
   * upload's bytes reach the service that stores them without the edge and the bus; undefined: the edge alone.
   */
  readonly httpPort: number | undefined;
}

/** A merchant call must end before the RPC carrying it does, or the caller sees 000099 instead of OP0052 (AB5). */
function merchantCallLimits(env: NodeJS.ProcessEnv, rpcTimeoutMs: number): MerchantCallLimits {
  const timeoutMs = int(env, 'MERCHANT_TIMEOUT_MS', 3000, 50, 120000);
  if (timeoutMs >= rpcTimeoutMs) throw new ConfigError(`MERCHANT_TIMEOUT_MS (${timeoutMs}) must be below RPC_TIMEOUT_MS (${rpcTimeoutMs})`);
  return {
    timeoutMs,
    maxConcurrent: int(env, 'MERCHANT_MAX_CONCURRENT', 50, 1, 10000),
    breakerFailures: int(env, 'MERCHANT_BREAKER_FAILURES', 5, 1, 1000),
    breakerResetMs: int(env, 'MERCHANT_BREAKER_RESET_MS', 30_000, 100, 3_600_000),
  };
}

export function loadServiceSettings(env: NodeJS.ProcessEnv, process: { mode: 'embedded' | 'distributed'; rpcTimeoutMs: number; publicPort: number }): ServiceSettings {
  const publicBaseUrl = url(env, 'PUBLIC_BASE_URL', `http://localhost:${process.publicPort}`);
  return {
    publicBaseUrl,
    publicStoreUrl: url(env, 'PUBLIC_STORE_URL', publicBaseUrl),
    merchantAllowPrivateNetworks: bool(env, 'MERCHANT_ALLOW_PRIVATE_NETWORKS', process.mode === 'embedded'),
    merchantCalls: merchantCallLimits(env, process.rpcTimeoutMs),
    // push-service answers both unless the operator points apps elsewhere (decisions PS1, PS5).
    pushQueryUrl: optionalUrl(env, 'PUSH_QUERY_URL') || `${publicBaseUrl}/gateway`,
    pushSendUrl: optionalUrl(env, 'PUSH_SEND_URL') || `${publicBaseUrl}/push/v1/alarms`,
    voiceAssistantUrl: optionalUrl(env, 'VOICE_ASSISTANT_URL'),
    eventMaxDeliver: int(env, 'EVENT_MAX_DELIVER', DEFAULT_MAX_DELIVER, 1, 1000),
    eventRetryDelayMs: int(env, 'EVENT_RETRY_DELAY_MS', 5_000, 10, 3_600_000),
    eventAckWaitMs: int(env, 'EVENT_ACK_WAIT_MS', DEFAULT_ACK_WAIT_MS, 1_000, 3_600_000),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36_500),
    cameraUploads: {
      quotaBytesPerDay: int(env, 'CAMERA_QUOTA_BYTES_PER_DAY', 16 * 1024 ** 3, 1024 * 1024, 1024 ** 4),
      quotaSegmentsPerMinute: int(env, 'CAMERA_QUOTA_SEGMENTS_PER_MINUTE', 60, 1, 6000),
      outOfOrderToleranceSeconds: int(env, 'CAMERA_OUT_OF_ORDER_SECONDS', 600, 0, 7 * 86_400),
      graceDays: int(env, 'RECORDING_GRACE_DAYS', 7, 0, 3660),
      httpPort: env.CAMERA_UPLOAD_PORT ? int(env, 'CAMERA_UPLOAD_PORT', 0, 1, 65535) : undefined,
    },
    retentionSweepIntervalMs: int(env, 'RETENTION_SWEEP_INTERVAL_MS', 60_000, 100, 86_400_000),
    pushAlarms: {
      cooldownSeconds: int(env, 'PUSH_ALARM_COOLDOWN_SECONDS', 60, 0, 86_400),
      perDevicePerMinute: int(env, 'PUSH_ALARMS_PER_DEVICE_PER_MINUTE', 20, 1, 6000),
      perUserPerMinute: int(env, 'PUSH_ALARMS_PER_USER_PER_MINUTE', 200, 1, 60_000),
      retentionDays: int(env, 'PUSH_MESSAGE_RETENTION_DAYS', 7, 1, 3660),
    },
    pushDelivery: {
      fcmBaseUrl: url(env, 'PUSH_FCM_BASE_URL', 'https://fcm.googleapis.com'),
      fcmTokenUrl: url(env, 'PUSH_FCM_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
      apnsProductionUrl: url(env, 'PUSH_APNS_PRODUCTION_URL', 'https://api.push.apple.com'),
      apnsSandboxUrl: url(env, 'PUSH_APNS_SANDBOX_URL', 'https://api.sandbox.push.apple.com'),
      extraCaPem: caFile(env, 'PUSH_PROVIDER_CA_FILE'),
      timeoutMs: int(env, 'PUSH_PROVIDER_TIMEOUT_MS', 10_000, 100, 120_000),
      maxAttempts: int(env, 'PUSH_DELIVERY_MAX_ATTEMPTS', 12, 1, 100),
      maxAgeSeconds: int(env, 'PUSH_DELIVERY_MAX_AGE_SECONDS', 3600, 10, 7 * 86_400),
      concurrency: int(env, 'PUSH_DELIVERY_CONCURRENCY', 64, 1, 10_000),
      pollMs: int(env, 'PUSH_DELIVERY_POLL_MS', 1000, 10, 60_000),
      breakerFailures: int(env, 'PUSH_BREAKER_FAILURES', 10, 1, 1000),
      breakerResetMs: int(env, 'PUSH_BREAKER_RESET_MS', 30_000, 100, 3_600_000),
    },
  };
}
