import type { PlatformConfig } from '@dcp/runtime';

/** What storage-service reads of the platform's configuration (injected as RUNTIME_CONFIG): playback signing keys, the store's folder and host, the public store URL, the camera upload limits and port, the listen address. */
export type StorageConfig = Pick<PlatformConfig, 'secretsKey' | 'secretsKeyPrevious' | 'dataDir' | 'mode' | 'production' | 'publicStoreUrl' | 'cameraUploads' | 'retentionSweepIntervalMs' | 'host'>;
