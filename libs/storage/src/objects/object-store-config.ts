/**
 * Which object store holds segment bytes, from the environment (read by storage-service only; the lead's
 * README/k8s document the variables):
 * - `OBJECT_STORE_URL`: unset → the filesystem under `DATA_DIR/objects`; `file:///absolute/path` → that
 *   folder; `s3://<bucket>[/<prefix>]` → an S3-compatible store.
 * - `S3_ENDPOINT`: the store's URL (unset → AWS S3 of `S3_REGION`), e.g. `http://minio:9000`.
 * - `S3_REGION`: default `us-east-1`.
 * - `S3_FORCE_PATH_STYLE`: `true` for stores that need `http://host/bucket/key` (MinIO, Ceph); default false.
 * A bad value stops the service at start with a message naming the variable.
 */
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@dcp/runtime';

export interface ObjectStoreEnv {
  OBJECT_STORE_URL?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_FORCE_PATH_STYLE?: string;
}

export interface FilesystemObjectStoreConfig {
  kind: 'filesystem';
  root: string;
}

export interface S3ObjectStoreConfig {
  kind: 's3';
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end ('' for none). */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

export type ObjectStoreConfig = FilesystemObjectStoreConfig | S3ObjectStoreConfig;

/** S3 bucket names: 3–63 characters of lower-case letters, digits, '.', '-'. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function objectStoreConfig(env: ObjectStoreEnv, dataDir: string): ObjectStoreConfig {
  const raw = env.OBJECT_STORE_URL?.trim();
  if (!raw) return { kind: 'filesystem', root: join(dataDir, 'objects') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`OBJECT_STORE_URL must be s3://<bucket>[/<prefix>] or file:///<absolute path>, got "${raw}"`);
  }
  if (url.protocol === 'file:') {
    const root = fileURLToPath(url);
    if (!isAbsolute(root)) throw new ConfigError(`OBJECT_STORE_URL file:// must name an absolute folder, got "${raw}"`);
    return { kind: 'filesystem', root };
  }
  if (url.protocol !== 's3:') throw new ConfigError(`OBJECT_STORE_URL must be s3://<bucket>[/<prefix>] or file:///<absolute path>, got "${raw}"`);
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new ConfigError(`OBJECT_STORE_URL names an invalid bucket "${bucket}" (3–63 lower-case letters, digits, "." or "-")`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  let endpoint: string | undefined;
  if (env.S3_ENDPOINT) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(env.S3_ENDPOINT);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw new ConfigError(`S3_ENDPOINT must be an absolute http(s) URL, got "${env.S3_ENDPOINT}"`);
    endpoint = parsed.toString().replace(/\/$/, '');
  }
  const style = env.S3_FORCE_PATH_STYLE;
  if (style !== undefined && style !== '' && !['true', 'false', '1', '0'].includes(style)) throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${style}"`);
  return { kind: 's3', bucket, prefix, endpoint, region: env.S3_REGION || 'us-east-1', forcePathStyle: style === 'true' || style === '1' };
}
