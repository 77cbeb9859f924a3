#!/usr/bin/env node
// Builds the operator console (apps/console) into dist/console with Vite: first the admin API types from the
// edge's OpenAPI document (generate-api.mjs, needs the built edge), then the bundle. tools/build.mjs calls it
// after transpiling, so `npm start`, `npm test` and the image build all serve a console built from these sources.
// Skipped when nothing changed: a stamp in dist/console records a hash of the inputs (content, not mtimes).
//
// Usage: node tools/console/build.mjs [--force] [--quiet]
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ADMIN_API_TYPES, generateAdminApiTypes } from './generate-api.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const appDir = join(root, 'apps/console');
const outDir = join(root, 'dist/console');
const STAMP = join(outDir, '.built-from');

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (!/\.spec\.tsx?$/.test(e.name)) yield p;
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  const inputs = [...files(join(appDir, 'src')), join(appDir, 'index.html'), join(appDir, 'vite.config.mts'), join(root, 'package-lock.json')].sort();
  for (const f of inputs) hash.update(relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  return hash.digest('hex');
}

export async function buildConsole({ force = false, quiet = false } = {}) {
  const types = await generateAdminApiTypes();
  if (!existsSync(ADMIN_API_TYPES) || readFileSync(ADMIN_API_TYPES, 'utf8') !== types) writeFileSync(ADMIN_API_TYPES, types);
  const stamp = inputsHash();
  if (!force && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp && existsSync(join(outDir, 'index.html'))) {
    if (!quiet) console.log('console: dist/console is up to date');
    return;
  }
  const { build } = await import('vite');
  await build({ configFile: join(appDir, 'vite.config.mts'), logLevel: quiet ? 'error' : 'warn' });
  writeFileSync(STAMP, stamp);
  if (!quiet) console.log('console: built dist/console');
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  await buildConsole({ force: process.argv.includes('--force'), quiet: process.argv.includes('--quiet') });
}
