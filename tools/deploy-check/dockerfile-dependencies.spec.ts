/**
 * The image's node_modules, computed from package-lock.json under the runtime install's own command line
 * (docker/Dockerfile, replayed): no development tooling, and everything the built apps load at run time.
 */
import { parseDockerfile, replay } from './dockerfile';
import { contextFiles } from './docker-context';
import { type Lockfile, installedPaths, isOmitted, nameOfPath, omittedBy, runtimeClosure } from './npm-lockfile';
import { satisfiesRange } from './node-release';
import { imageEntryPoints, runtimePackages, runtimeSpecifiers } from './runtime-imports';
import { appDirectories, hasMain, read } from './workspace';

const lock = JSON.parse(read('package-lock.json')) as Lockfile;
const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const stages = replay(parseDockerfile(read('docker/Dockerfile')), contextFiles());
const image = stages[stages.length - 1];
const installCommand = /^[^:]+: (.*)$/.exec(image.produced.get(`${image.workdir}/node_modules`) ?? '')?.[1] ?? '';
const installed = installedPaths(lock, omittedBy(installCommand));
const installedNames = new Set([...installed].map(nameOfPath));

/** Build, test and editor tooling that must never reach the runtime image (names or scopes). */
const DEV_TOOLING = ['prisma', '@prisma/studio-core', '@prisma/dev', 'typescript', 'react', 'react-dom', 'jest', 'nx', 'eslint', '@swc/', '@nx/', '@jest/', 'ts-jest', 's3rver'];
const isDevTooling = (name: string) => DEV_TOOLING.some((t) => (t.endsWith('/') ? name.startsWith(t) : name === t));

describe('the image\'s node_modules (package-lock.json under the runtime install command)', () => {
  it('is installed by `npm ci` in a build stage', () => {
    expect(installCommand).toMatch(/^npm ci\b/);
  });

  it('holds none of the development tooling, also not through devOptional peers', () => {
    expect([...installedNames].filter(isDevTooling).sort()).toEqual([]);
    expect([...installed].filter((path) => lock.packages[path].dev || lock.packages[path].devOptional).sort()).toEqual([]);
  });

  it('holds every package the apps and the migrate CLI load, with what they need', () => {
    const { packages } = runtimePackages(imageEntryPoints(appDirectories().filter(hasMain)));
    const undeclared = [...packages].filter((name) => !(name in pkg.dependencies)).sort();
    expect(undeclared).toEqual([]);
    const needed = runtimeClosure(lock, packages);
    expect([...needed].filter((path) => !installed.has(path)).sort()).toEqual([]);
    for (const name of ['@prisma/client', '@prisma/adapter-pg', 'pglite-prisma-adapter', '@electric-sql/pglite', '@prisma/schema-engine-wasm', '@nats-io/transport-node', '@nestjs/core']) {
      expect({ name, loaded: packages.has(name) }).toEqual({ name, loaded: true });
    }
  });

  it('holds exactly package.json\'s dependencies and what they need: nothing more, nothing less', () => {
    const needed = runtimeClosure(lock, Object.keys(pkg.dependencies));
    expect({ missing: [...needed].filter((p) => !installed.has(p)).sort(), extra: [...installed].filter((p) => !needed.has(p)).sort() }).toEqual({ missing: [], extra: [] });
    for (const name of ['pino', 'prom-client', '@opentelemetry/api', '@opentelemetry/sdk-trace-node', '@opentelemetry/exporter-trace-otlp-http', 'cockatiel', '@fastify/rate-limit', '@nats-io/jetstream', '@aws-sdk/client-s3']) {
      expect({ name, installed: installedNames.has(name) }).toEqual({ name, installed: true });
    }
  });

  it('every package the build and the runtime install accepts the image\'s Node.js (engines)', () => {
    const node = /^ARG\s+NODE_VERSION=(\S+)\s*$/m.exec(read('docker/Dockerfile'))?.[1] ?? 'ARG NODE_VERSION missing';
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.engines?.node !== undefined && !satisfiesRange(node, entry.engines.node))
      .map(([path, entry]) => `${path} (${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });

  it('no runtime dependency is development tooling, and every tool is a devDependency', () => {
    expect(Object.keys(pkg.dependencies).filter(isDevTooling)).toEqual([]);
    expect(['prisma', 'typescript', 'jest', 'nx', 'eslint', '@swc/core'].filter((name) => !(name in pkg.devDependencies))).toEqual([]);
  });
});

describe('npm\'s omit rule (guards the computation above)', () => {
  it('drops devOptional entries only when both dev and optional are omitted', () => {
    const devOptional = { devOptional: true };
    expect(isOmitted(devOptional, omittedBy('npm ci --omit=dev'))).toBe(false);
    expect(isOmitted(devOptional, omittedBy('npm ci --omit=dev --omit=optional'))).toBe(true);
    expect(isOmitted({ dev: true }, omittedBy('npm ci --production'))).toBe(true);
    expect(isOmitted({ optional: true }, omittedBy('npm ci --omit optional'))).toBe(true);
    expect(isOmitted({ peer: true, devOptional: true }, omittedBy('npm ci --omit=peer'))).toBe(true);
    expect(isOmitted({}, omittedBy('npm ci --omit=dev --omit=optional --omit=peer'))).toBe(false);
  });

  it('plain --omit=dev would still install the Prisma CLI, TypeScript, Studio and React (why the image omits optional too)', () => {
    const names = new Set([...installedPaths(lock, omittedBy('npm ci --omit=dev'))].map(nameOfPath));
    expect(['prisma', 'typescript', '@prisma/studio-core', 'react'].filter((name) => !names.has(name))).toEqual([]);
  });

  it('reads the imports that load code, not types or comments', () => {
    const source = [
      "import { a } from 'pkg-a';",
      "import type { B } from 'pkg-b';",
      "export type { C } from 'pkg-c';",
      "export * from './local';",
      "// import 'pkg-d';",
      "/* require('pkg-e') */",
      "const f = require('pkg-f');",
      "const g = require.resolve('pkg-g/package.json');",
      "await import('pkg-h');",
      "import 'reflect-metadata';",
    ].join('\n');
    expect(runtimeSpecifiers(source).sort()).toEqual(['./local', 'pkg-a', 'pkg-f', 'pkg-g/package.json', 'pkg-h', 'reflect-metadata']);
  });
});
