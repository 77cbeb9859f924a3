/**
 * Production deployments (distributed mode, NODE_ENV=production) must name where recordings live: the
 * implicit `DATA_DIR/objects` is the image's per-container folder (an emptyDir or tmpfs under Kubernetes and
 * compose), and a folder under the temporary directory is ephemeral by definition. Either stops the service
 * at start (a ConfigError) with the way out. Embedded mode and development keep the default.
 */
import { tmpdir } from 'node:os';
import { relative, isAbsolute } from 'node:path';
import { ConfigError } from '@dcp/runtime';
import type { ObjectStoreConfig, ObjectStoreEnv } from './object-store-config';

export interface StoreHost {
  mode: 'embedded' | 'distributed';
  production: boolean;
}

const EPHEMERAL_ROOTS = ['/tmp', '/dev/shm', '/run'];

const isInside = (dir: string, root: string): boolean => {
  const rel = relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

const WAY_OUT = 'set OBJECT_STORE_URL=s3://<bucket>[/<prefix>] (any S3-compatible store) or OBJECT_STORE_URL=file:///<dir> on a volume every replica mounts (ReadWriteMany)';

export function assertDurableStore(config: ObjectStoreConfig, env: ObjectStoreEnv, host: StoreHost): void {
  if (host.mode !== 'distributed' || !host.production || config.kind !== 'filesystem') return;
  if (!env.OBJECT_STORE_URL?.trim()) {
    throw new ConfigError(`OBJECT_STORE_URL is required when NODE_ENV=production in distributed mode: the default ${config.root} lives and dies with its container; ${WAY_OUT}`);
  }
  const ephemeral = [tmpdir(), ...EPHEMERAL_ROOTS].find((root) => isInside(config.root, root));
  if (ephemeral) throw new ConfigError(`OBJECT_STORE_URL names ${config.root}, inside the temporary folder ${ephemeral}, when NODE_ENV=production; ${WAY_OUT}`);
}
