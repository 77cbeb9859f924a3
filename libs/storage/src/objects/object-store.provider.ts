/**
 * The module's ObjectStore, chosen by the environment (object-store-config.ts). The S3 client is loaded only
 * when an S3 store is configured.
 */
import { type FactoryProvider, Logger } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { FilesystemObjectStore } from './fs-object-store';
import { type ObjectStoreConfig, objectStoreConfig } from './object-store-config';
import { OBJECT_STORE, type ObjectStore } from './object-store';

export async function createObjectStore(config: ObjectStoreConfig): Promise<ObjectStore> {
  if (config.kind === 'filesystem') return new FilesystemObjectStore(config.root);
  // Loaded on demand: embedded mode and filesystem deployments never load the AWS SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { S3ObjectStore } = require('./s3-object-store') as typeof import('./s3-object-store');
  return new S3ObjectStore(config);
}

export const objectStoreProvider: FactoryProvider<Promise<ObjectStore>> = {
  provide: OBJECT_STORE,
  inject: [RUNTIME_CONTEXT],
  useFactory: async (ctx: RuntimeContext) => {
    const config = objectStoreConfig(
      {
        OBJECT_STORE_URL: process.env.OBJECT_STORE_URL,
        S3_ENDPOINT: process.env.S3_ENDPOINT,
        S3_REGION: process.env.S3_REGION,
        S3_FORCE_PATH_STYLE: process.env.S3_FORCE_PATH_STYLE,
      },
      ctx.config.dataDir,
    );
    const store = await createObjectStore(config);
    new Logger('storage-objects').log(`segment bytes in ${store.location}`);
    return store;
  },
};
