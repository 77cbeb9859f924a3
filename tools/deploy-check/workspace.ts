/**
 * Facts about the workspace that the deployment artifacts must agree with, read from the sources
 * themselves (never restated by hand): the apps, the runtime configuration's defaults and required
 * variables, the documented APP values, the edge's public routes. The variables the code reads: env-scan.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export const read = (rel: string): string => readFileSync(join(ROOT, rel), 'utf8');
export const exists = (rel: string): boolean => existsSync(join(ROOT, rel));

/** Repository-relative paths (POSIX separators) of every file under `dir`, skipping `skipDirs` by name. */
export function listFiles(dir: string, skipDirs: ReadonlySet<string> = new Set(['node_modules', '.git'])): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!skipDirs.has(e.name)) walk(join(abs, e.name));
      } else if (e.isFile()) {
        out.push(relative(ROOT, join(abs, e.name)).split(sep).join('/'));
      }
    }
  };
  if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir));
  return out.sort();
}

const isWebApp = (name: string): boolean => {
  const project = join(ROOT, 'apps', name, 'project.json');
  return existsSync(project) && (JSON.parse(readFileSync(project, 'utf8')) as { tags?: string[] }).tags?.includes('type:web') === true;
};

/** Every process app under apps/ (each an Nx app project), not the browser bundles (webAppDirectories). */
export function appDirectories(): string[] {
  return readdirSync(join(ROOT, 'apps'))
    .filter((name) => statSync(join(ROOT, 'apps', name)).isDirectory() && !isWebApp(name))
    .sort();
}

/**
 * Browser apps (Nx tag `type:web`): static bundles that tools/build.mjs builds into dist/ with the rest (the
 * image's build stage included) and gateway-edge serves (apps/console on the admin port), never a process.
 */
export function webAppDirectories(): string[] {
  return readdirSync(join(ROOT, 'apps'))
    .filter((name) => statSync(join(ROOT, 'apps', name)).isDirectory() && isWebApp(name))
    .sort();
}

/** Apps that can be started: apps/<name>/src/main.ts exists (built to dist/apps/<name>/src/main.js). */
export const hasMain = (app: string): boolean => exists(`apps/${app}/src/main.ts`);

/** Apps that run as their own Kubernetes Deployment (not the all-in-one platform, not the demo merchant). */
export const DEPLOYED_APPS_EXCLUDED = new Set(['platform', 'merchant-sandbox']);

const ENV_NAME = '[A-Z][A-Z0-9_]*';

/** The runtime configuration's sources: every process's, the edge's and the services' settings. */
export const CONFIG_SOURCES = ['libs/runtime/src/config/config.ts', 'libs/runtime/src/config/edge-settings.ts', 'libs/runtime/src/config/service-settings.ts'];
const configText = () => CONFIG_SOURCES.map(read).join('\n');

/** Numeric defaults of `int(env, 'NAME', default …)` in the runtime configuration (ports, timeouts; digits may be grouped with _). */
export function configIntDefaults(): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of configText().matchAll(new RegExp(`\\bint\\(env,\\s*'(${ENV_NAME})',\\s*([\\d_]+)\\s*[,)]`, 'g'))) out.set(m[1], Number(m[2].replace(/_/g, '')));
  return out;
}

/** Variables the configuration refuses to start without in production (its own error messages say so). */
export function requiredInProduction(): string[] {
  return [...configText().matchAll(new RegExp(`'(${ENV_NAME}) is required when NODE_ENV=production'`, 'g'))].map((m) => m[1]).sort();
}

/**
 * The APP values documented for the image: rows of the table under "## APP values" in docker/README.md
 * whose first cell is a backticked name.
 */
export function documentedAppValues(): string[] {
  const text = read('docker/README.md');
  const start = text.indexOf('## APP values');
  if (start < 0) throw new Error('docker/README.md has no "## APP values" section');
  const section = text.slice(start + 1).split(/\n## /)[0];
  return [...section.matchAll(/^\|\s*`([a-z0-9-]+)`\s*\|/gm)].map((m) => m[1]);
}

/** The camera upload protocol's routes, shared by the edge and storage-service (docs/decisions.md CU10). */
export const CAMERA_ROUTES_FILE = 'libs/runtime/src/camera/camera-routes.ts';

/** First path segment of the camera routes: CAMERA_PREFIX of CAMERA_ROUTES_FILE, without its slash. */
export function cameraRoutePrefix(): string {
  const m = /export const CAMERA_PREFIX = '\/([^'/]+)'/.exec(read(CAMERA_ROUTES_FILE));
  if (!m) throw new Error(`${CAMERA_ROUTES_FILE} exports no CAMERA_PREFIX`);
  return m[1];
}

/** Whether the code under `dir` (specs and the admin API excluded) registers the camera routes on a server of its own. */
export const registersCameraRoutes = (dir: string): boolean =>
  listFiles(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.includes('/admin/'))
    .some((f) => /\bregisterCameraRoutes\(/.test(read(f)));

/**
 * First path segments of the routes the edge's public server answers: plain Fastify routes (`*-routes.ts`), `@Controller('x')` prefixes,
 * `@Get|@Post|@All('x/…')` paths in libs/edge (the admin API, on its own server, excluded) and the camera routes it registers from
 * libs/runtime (CAMERA_ROUTES_FILE).
 */
export function edgePublicRoutePrefixes(): string[] {
  const prefixes = new Set<string>();
  if (registersCameraRoutes('libs/edge/src')) prefixes.add(cameraRoutePrefix());
  // Plain Fastify routes of the public port (libs/edge/src/gateway/gateway-routes.ts: `{ url: '/gateway', … }`).
  for (const file of listFiles('libs/edge/src').filter((f) => f.endsWith('-routes.ts') && !f.includes('/admin/'))) {
    for (const m of read(file).matchAll(/\burl: '\/([^'/]+)/g)) prefixes.add(m[1]);
    // Routes registered in a context of their own under a prefix (libs/edge/src/hls/hls-routes.ts: HLS_PREFIX = '/hls').
    for (const m of read(file).matchAll(/_PREFIX = '\/([^'/]+)'/g)) prefixes.add(m[1]);
  }
  for (const file of listFiles('libs/edge/src').filter((f) => f.endsWith('.controller.ts') && !f.includes('/admin/'))) {
    const text = read(file);
    const controller = /@Controller\(\s*(?:'([^']*)')?\s*\)/.exec(text);
    const base = controller?.[1] ?? '';
    if (base) {
      prefixes.add(base.split('/')[0]);
      continue;
    }
    for (const m of text.matchAll(/@(?:Get|Post|Put|Patch|Delete|All|Head|Options)\(\s*'([^']+)'\s*\)/g)) prefixes.add(m[1].replace(/^\//, '').split('/')[0]);
  }
  return [...prefixes].sort();
}
