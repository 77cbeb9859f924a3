import type { PlatformConfig } from '@dcp/runtime';

/** What device-service reads of the platform's configuration (injected as RUNTIME_CONFIG): the keys that encrypt device passwords and delKeys. */
export type DeviceConfig = Pick<PlatformConfig, 'secretsKey' | 'secretsKeyPrevious'>;
