/**
 * The module's ObjectStore, chosen by the environment (object-store-config.ts), and the configuration it was
 * built from (OBJECT_STORE_CONFIG: the shared-store guard needs to know a local folder from S3). The S3
 * client is loaded only when an S3 store is configured.
 */
import { type FactoryProvider, Logger } from '@nestjs/common';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import type { StorageConfig } from '../storage-config';
import { assertDurableStore } from './durable-store-rule';
import { FilesystemObjectStore } from './fs-object-store';
import { type ObjectStoreConfig, type ObjectStoreEnv, objectStoreConfig } from './object-store-config';
import { OBJECT_STORE, type ObjectStore } from './object-store';

/** Nest token of the ObjectStoreConfig the module's store uses. */
export const OBJECT_STORE_CONFIG = Symbol.for('dcp.storage.object-store-config');

export async function createObjectStore(config: ObjectStoreConfig): Promise<ObjectStore> {
  if (config.kind === 'filesystem') return new FilesystemObjectStore(config.root);
  // Loaded on demand: embedded mode and filesystem deployments never load the AWS SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { S3ObjectStore } = require('./s3-object-store') as typeof import('./s3-object-store');
  return new S3ObjectStore(config);
}

export const objectStoreConfigProvider: FactoryProvider<ObjectStoreConfig> = {
  provide: OBJECT_STORE_CONFIG,
  inject: [RUNTIME_CONFIG],
  useFactory: (host: Pick<StorageConfig, 'dataDir' | 'mode' | 'production'>) => {
    const env: ObjectStoreEnv = {
      OBJECT_STORE_URL: process.env.OBJECT_STORE_URL,
      S3_ENDPOINT: process.env.S3_ENDPOINT,
      S3_REGION: process.env.S3_REGION,
      S3_FORCE_PATH_STYLE: process.env.S3_FORCE_PATH_STYLE,
    };
    const config = objectStoreConfig(env, host.dataDir);
    assertDurableStore(config, env, host);
    return config;
  },
};

export const objectStoreProvider: FactoryProvider<Promise<ObjectStore>> = {
  provide: OBJECT_STORE,
  inject: [OBJECT_STORE_CONFIG],
  useFactory: async (config: ObjectStoreConfig) => {
    const store = await createObjectStore(config);
    new Logger('storage-objects').log(`segment bytes in ${store.location}`);
    return store;
  },
};
