/**
 * The pre-migrated template a fresh embedded instance starts from (./pglite-instances.ts): a data folder in
 * which the services' migrations were applied, dumped once (PGlite `dumpDataDir`) per migration set and
 * PGlite version and cached in `node_modules/.cache/dcp-pglite/` (loaded with `loadDataDir`, ~1 s). The
 * services then find every migration applied (same names and checksums) and the schema engine is not even
 * loaded. Built in a throwaway in-memory instance of its own (from the cached empty cluster, ./pglite-cache.ts),
 * outside the registry of shared instances.
 */
import type { ServiceDatabaseDefinition } from './api';
import { migrateOpenDatabase } from './migrations';
import { cachedTemplate, emptyClusterTemplate, freshPglite, templateKey } from './pglite-cache';
import { pgliteHandle, serialiser } from './pglite-adapter';

export { templateCacheDir, templateKey } from './pglite-cache';

/** The services' pre-migrated data folder as a tarball: from the cache, or built now and cached (no services: the empty cluster). */
export function migratedTemplate(services: ServiceDatabaseDefinition[]): Promise<Blob> {
  return services.length ? cachedTemplate(templateKey(services), () => buildTemplate(services)) : emptyClusterTemplate();
}

async function buildTemplate(services: ServiceDatabaseDefinition[]): Promise<Uint8Array> {
  const db = await freshPglite();
  // Every service's handle over the one instance; the instance is closed here, after the handles.
  const lease = { db: Promise.resolve(db), exclusive: serialiser(), release: async () => undefined };
  const handles = services.map((def) => ({ def, handle: pgliteHandle(lease, def.service) }));
  try {
    for (const { def, handle } of handles) await migrateOpenDatabase(handle, def);
    return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
  } finally {
    await Promise.all(handles.map(({ handle }) => handle.close()));
    await db.close();
  }
}
