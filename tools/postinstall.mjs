#!/usr/bin/env node
// The root postinstall (`npm ci` / `npm install`): generates the Prisma clients, then prepares what the first
// `npm start` would otherwise do while the newcomer waits — transpile the workspace into dist/ and build the
// embedded mode's pre-migrated PGlite template (about 6 s and 3 s on a 2-core machine). With both done here,
// the first `npm start` after `npm ci` is as quick as any later one (README: Quickstart; decisions EM6).
//
// The preparation is skipped where it has nothing to prepare or must not run:
//   - the sources are not there (the image's install layer copies only the lockfile and the Prisma schemas);
//   - the Prisma CLI is absent (a production install: `npm ci --omit=dev`);
//   - DCP_SKIP_PREPARE=1.
// It never fails the install: `npm start` repeats both steps and reports a real error where it belongs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const run = (args) => spawnSync(node, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const generated = run([join(root, 'tools', 'prisma-generate.mjs')]);
if (generated !== 0) process.exit(generated);

const hasSources = existsSync(join(root, 'apps', 'platform', 'src', 'main.ts')) && existsSync(join(root, 'tools', 'build.mjs'));
const hasCli = existsSync(join(root, 'node_modules', 'prisma', 'build', 'index.js'));
if (!hasSources || !hasCli || process.env.DCP_SKIP_PREPARE === '1') process.exit(0);

const steps = [
  ['build', [join(root, 'tools', 'build.mjs'), '--quiet']],
  ['embedded template', [join(root, 'dist', 'libs', 'database', 'src', 'cli', 'migrate.js'), 'template']],
];
for (const [name, args] of steps) {
  if (run(args) !== 0) {
    console.warn(`postinstall: preparing the first start (${name}) failed; \`npm start\` will try again`);
    break;
  }
}
