import type { PlatformConfig } from '@dcp/runtime';

/** What permission-service reads of the platform's configuration (injected as RUNTIME_CONFIG): the keys that encrypt streamIds. */
export type PermissionConfig = Pick<PlatformConfig, 'secretsKey' | 'secretsKeyPrevious'>;
