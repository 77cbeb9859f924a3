import { ConfigError } from '@dcp/runtime';
import { objectStoreConfig } from './object-store-config';

describe('objectStoreConfig', () => {
  it('defaults to the filesystem under DATA_DIR/objects', () => {
    expect(objectStoreConfig({}, '/data')).toEqual({ kind: 'filesystem', root: '/data/objects' });
    expect(objectStoreConfig({ OBJECT_STORE_URL: '' }, '/data')).toEqual({ kind: 'filesystem', root: '/data/objects' });
  });

  it('file:///path: a folder of its own', () => {
    expect(objectStoreConfig({ OBJECT_STORE_URL: 'file:///srv/recordings' }, '/data')).toEqual({ kind: 'filesystem', root: '/srv/recordings' });
  });

  it('s3://bucket[/prefix] with endpoint, region and path style', () => {
    expect(objectStoreConfig({ OBJECT_STORE_URL: 's3://dcp-recordings' }, '/data')).toEqual({ kind: 's3', bucket: 'dcp-recordings', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
    expect(
      objectStoreConfig({ OBJECT_STORE_URL: 's3://media/prod/cams/', S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'true' }, '/data'),
    ).toEqual({ kind: 's3', bucket: 'media', prefix: 'prod/cams', endpoint: 'http://minio:9000', region: 'eu-central-1', forcePathStyle: true });
  });

  it.each([
    [{ OBJECT_STORE_URL: 'gs://bucket' }, 'OBJECT_STORE_URL'],
    [{ OBJECT_STORE_URL: 'not a url' }, 'OBJECT_STORE_URL'],
    [{ OBJECT_STORE_URL: 's3://Bad_Bucket' }, 'OBJECT_STORE_URL'],
    [{ OBJECT_STORE_URL: 's3://media', S3_ENDPOINT: 'minio:9000 x' }, 'S3_ENDPOINT'],
    [{ OBJECT_STORE_URL: 's3://media', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => objectStoreConfig(env, '/data')).toThrow(ConfigError);
    expect(() => objectStoreConfig(env, '/data')).toThrow(name);
  });
});
