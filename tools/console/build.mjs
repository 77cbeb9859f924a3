#!/usr/bin/env node
// Builds the operator console (apps/console) into dist/console with Vite: first the admin API types from the
// edge's OpenAPI document (generate-api.mjs, needs the built edge), then the bundle. tools/build.mjs calls it
// after transpiling, so `npm start`, `npm test` and the image build all serve a console built from these sources.
// Skipped when nothing changed: a stamp in dist/console records a hash of the inputs (content, not mtimes).
// Every text file of the bundle gets a brotli (`.br`) and a gzip (`.gz`) twin, made here once at maximum
// compression with node:zlib, which the edge serves by Accept-Encoding (libs/edge/src/console/console-assets.ts).
//
// Usage: node tools/console/build.mjs [--force] [--quiet]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve, dirname } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ADMIN_API_TYPES, generateAdminApiTypes } from './generate-api.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const appDir = join(root, 'apps/console');
const outDir = join(root, 'dist/console');
const STAMP = join(outDir, '.built-from');
const API_STAMP = join(root, 'dist/.admin-api-types-from');

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (!/\.spec\.tsx?$/.test(e.name)) yield p;
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  // This script too: a change of how the bundle is made (its compressed twins) rebuilds it.
  const inputs = [...files(join(appDir, 'src')), join(appDir, 'index.html'), join(appDir, 'vite.config.mts'), join(root, 'package-lock.json'), fileURLToPath(import.meta.url)].sort();
  for (const f of inputs) hash.update(relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  return hash.digest('hex');
}

/** Text files worth compressing (images and fonts are compressed already; source maps only load in devtools). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 512;

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of dir (only when smaller); returns the totals. */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = gzipSync(raw, { level: zlib.Z_BEST_COMPRESSION });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += raw.length;
    totals.br += Math.min(br.length, raw.length);
    totals.gz += Math.min(gz.length, raw.length);
  }
  return totals;
}

/**
 * The admin API types, written anew unless neither the compiled code they come from (distFingerprint: every
 * file of dist/ and when it was written, from tools/build.mjs), nor the generator, nor the dependencies, nor the
 * file itself changed since they were last written. Loading the edge's routes and openapi-typescript costs
 * ~1.5 s, most of an unchanged `npm start`'s build check.
 */
async function writeAdminApiTypes(force, distFingerprint) {
  const stampOf = () =>
    createHash('sha256')
      .update(distFingerprint)
      .update(readFileSync(join(root, 'tools/console/generate-api.mjs')))
      .update(readFileSync(join(root, 'package-lock.json')))
      .update(existsSync(ADMIN_API_TYPES) ? readFileSync(ADMIN_API_TYPES) : '')
      .digest('hex');
  if (!force && distFingerprint && existsSync(API_STAMP) && readFileSync(API_STAMP, 'utf8') === stampOf()) return;
  const types = await generateAdminApiTypes();
  if (!existsSync(ADMIN_API_TYPES) || readFileSync(ADMIN_API_TYPES, 'utf8') !== types) writeFileSync(ADMIN_API_TYPES, types);
  if (distFingerprint) {
    mkdirSync(dirname(API_STAMP), { recursive: true });
    writeFileSync(API_STAMP, stampOf());
  }
}

export async function buildConsole({ force = false, quiet = false, distFingerprint = undefined } = {}) {
  await writeAdminApiTypes(force, distFingerprint);
  const stamp = inputsHash();
  if (!force && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp && existsSync(join(outDir, 'index.html'))) {
    if (!quiet) console.log('console: dist/console is up to date');
    return;
  }
  const { build } = await import('vite');
  await build({ configFile: join(appDir, 'vite.config.mts'), logLevel: quiet ? 'error' : 'warn' });
  const sizes = precompress(outDir);
  writeFileSync(STAMP, stamp);
  const kb = (n) => `${Math.round(n / 1024)} KB`;
  if (!quiet) console.log(`console: built dist/console (${sizes.files} text files: ${kb(sizes.bytes)}, ${kb(sizes.br)} brotli, ${kb(sizes.gz)} gzip)`);
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  await buildConsole({ force: process.argv.includes('--force'), quiet: process.argv.includes('--quiet') });
}
