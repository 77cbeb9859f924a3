import type { PlatformConfig } from '@dcp/runtime';

/** What push-service reads of the platform's configuration (RUNTIME_CONFIG): the picture URLs' and credentials' key, the public host, the alarm limits, the providers and delivery settings. */
export type PushConfig = Pick<PlatformConfig, 'secretsKey' | 'secretsKeyPrevious' | 'publicBaseUrl' | 'pushAlarms' | 'pushDelivery' | 'merchantAllowPrivateNetworks'>;
