/**
 * Prisma's schema engine compiled to WebAssembly (`@prisma/schema-engine-wasm`), driven through a driver
 * adapter. It applies and diffs Prisma-format migrations as `prisma migrate deploy` / `migrate diff` do,
 * without the native engine binary, which Prisma downloads from outside the npm registry.
 */
import { readFileSync } from 'node:fs';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { ApplyMigrationsInput, ApplyMigrationsOutput, DiffParams, DiffResult } from '@prisma/schema-engine-wasm';

/** The part of the engine's API this project uses. */
export interface SchemaEngine {
  applyMigrations(input: ApplyMigrationsInput): Promise<ApplyMigrationsOutput>;
  diff(params: DiffParams): Promise<DiffResult>;
  free(): void;
}

/** Node's WebAssembly global (its types are not part of the ES libs this project compiles against). */
type WasmExports = Record<string, unknown>;
const wasmApi = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: WasmExports } }> } })
  .WebAssembly;

/** The wasm-bindgen glue module (`schema_engine_bg.js`). */
interface EngineGlue {
  __wbg_set_wasm(exports: WasmExports): void;
  SchemaEngine: { new: (options: { datamodels: [string, string][] }, log: (line: string) => void, adapter: object) => Promise<SchemaEngine> };
}

let glue: Promise<EngineGlue> | undefined;

/**
 * The engine races some awaits against `setTimeout` sleeps (e.g. a 10 s advisory-lock timeout) and never
 * clears the losing timer, which would keep a finished process (CLI, test run) alive for seconds. Its
 * timers are tracked and cleared once no engine operation is in flight: nothing can be waiting on them.
 */
const engineTimers = new Set<ReturnType<typeof setTimeout>>();
let operationsInFlight = 0;

function engineSetTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(() => {
    engineTimers.delete(timer);
    callback();
  }, ms >>> 0);
  engineTimers.add(timer);
  return timer;
}

async function tracked<T>(operation: () => Promise<T>): Promise<T> {
  operationsInFlight++;
  try {
    return await operation();
  } finally {
    if (--operationsInFlight === 0) {
      engineTimers.forEach((t) => clearTimeout(t));
      engineTimers.clear();
    }
  }
}

/**
 * The package's entry imports the .wasm file as an ES module, which neither Node's require nor jest can
 * do: instantiate the bytes ourselves and hand them to the glue code (once per process).
 */
function loadGlue(): Promise<EngineGlue> {
  glue ??= (async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bg = require('@prisma/schema-engine-wasm/schema_engine_bg') as EngineGlue & Record<string, unknown>;
    const wasmPath = require.resolve('@prisma/schema-engine-wasm').replace(/schema_engine\.js$/, 'schema_engine_bg.wasm');
    const imports: Record<string, unknown> = { ...bg };
    for (const name of Object.keys(bg).filter((k) => k.startsWith('__wbg_setTimeout_'))) imports[name] = engineSetTimeout;
    const { instance } = await wasmApi.instantiate(readFileSync(wasmPath), { './schema_engine_bg.js': imports });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  glue.catch(() => (glue = undefined));
  return glue;
}

/** One engine per operation; call `free()` when done. */
export async function openSchemaEngine(
  schemaPath: string,
  schemaText: string,
  adapter: SqlMigrationAwareDriverAdapterFactory,
  log: (line: string) => void = () => undefined,
): Promise<SchemaEngine> {
  const bg = await loadGlue();
  const engine = await tracked(() => bg.SchemaEngine.new({ datamodels: [[schemaPath, schemaText]] }, log, bindMigrationAwareSqlAdapterFactory(adapter)));
  return {
    applyMigrations: (input) => tracked(() => engine.applyMigrations(input)),
    diff: (params) => tracked(() => engine.diff(params)),
    free: () => engine.free(),
  };
}
