import { ConfigError } from '@dcp/runtime';
import { assertDurableStore } from './durable-store-rule';
import { objectStoreConfig } from './object-store-config';

const production = { mode: 'distributed', production: true } as const;
const check = (env: { OBJECT_STORE_URL?: string }, host: { mode: 'embedded' | 'distributed'; production: boolean } = production) =>
  assertDurableStore(objectStoreConfig(env, '/var/lib/dcp'), env, host);

describe('assertDurableStore (distributed mode, NODE_ENV=production)', () => {
  it('refuses the implicit DATA_DIR/objects, naming OBJECT_STORE_URL and a shared volume', () => {
    expect(() => check({})).toThrow(ConfigError);
    expect(() => check({ OBJECT_STORE_URL: ' ' })).toThrow(/OBJECT_STORE_URL is required .*\/var\/lib\/dcp\/objects.*s3:\/\/.*ReadWriteMany/);
  });

  it('refuses a folder inside a temporary location', () => {
    for (const url of ['file:///tmp/recordings', 'file:///dev/shm/objects', 'file:///run/dcp']) {
      expect(() => check({ OBJECT_STORE_URL: url })).toThrow(/inside the temporary folder/);
    }
  });

  it('accepts a folder named explicitly elsewhere, and any S3 store', () => {
    expect(() => check({ OBJECT_STORE_URL: 'file:///mnt/recordings' })).not.toThrow();
    expect(() => check({ OBJECT_STORE_URL: 'file:///tmpdata/recordings' })).not.toThrow();
    expect(() => check({ OBJECT_STORE_URL: 's3://recordings/prod' })).not.toThrow();
  });

  it('leaves embedded mode and development as they were', () => {
    expect(() => check({}, { mode: 'embedded', production: true })).not.toThrow();
    expect(() => check({}, { mode: 'distributed', production: false })).not.toThrow();
    expect(() => check({ OBJECT_STORE_URL: 'file:///tmp/x' }, { mode: 'distributed', production: false })).not.toThrow();
  });
});
