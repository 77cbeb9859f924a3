import type { PlatformConfig } from '@dcp/runtime';

/** What push-service reads of the platform's configuration (RUNTIME_CONFIG): the picture URLs' key and host, the alarm limits. */
export type PushConfig = Pick<PlatformConfig, 'secretsKey' | 'secretsKeyPrevious' | 'publicBaseUrl' | 'pushAlarms'>;
