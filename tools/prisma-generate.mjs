#!/usr/bin/env node
// Generates the Prisma client of every service database at `npm install` / `npm ci` (root postinstall):
//   libs/<service>/prisma/schema.prisma                 (services)
//   libs/<lib>/test/fixtures/<name>/prisma/schema.prisma (test fixtures, e.g. libs/database's)
// into the generator's `output` folder (gitignored).
//
// Offline: the Prisma CLI wants to download its native schema engine before any command, and pointing
// PRISMA_SCHEMA_ENGINE_BINARY at an existing executable skips that; `generate` itself runs on WebAssembly.
// Quick when nothing changed: a schema is regenerated only when the stamp in its output folder does not
// match the schema's content and the installed Prisma versions (content, not mtimes: git checkouts and
// copies do not keep mtimes meaningful).
//
// Usage: node tools/prisma-generate.mjs [--force] [path/to/schema.prisma ...]
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const force = args.includes('--force');
const explicit = args.filter((a) => !a.startsWith('--')).map((a) => resolve(a));
const STAMP = '.generated-from';

const prismaCli = join(root, 'node_modules', 'prisma', 'build', 'index.js');
if (!existsSync(prismaCli)) {
  // `npm ci --omit=dev` (the image's runtime stage) has no CLI; the build stage generated the clients.
  console.log('prisma-generate: prisma CLI not installed (production install), skipping');
  process.exit(0);
}

const dirs = (p) => (existsSync(p) ? readdirSync(p, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(p, d.name)) : []);

function discover() {
  const libs = dirs(join(root, 'libs'));
  return [
    ...libs.map((lib) => join(lib, 'prisma', 'schema.prisma')),
    ...libs.flatMap((lib) => dirs(join(lib, 'test', 'fixtures'))).map((f) => join(f, 'prisma', 'schema.prisma')),
  ].filter(existsSync);
}

function version(pkg) {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return 'missing';
  }
}

/** The generator's `output`, relative to the schema's folder (as Prisma resolves it). */
function outputDir(schemaPath, text) {
  const generator = /generator\s+\w+\s*\{([^}]*)\}/.exec(text);
  const output = generator && /^\s*output\s*=\s*"([^"]+)"/m.exec(generator[1]);
  if (!output) throw new Error(`${relative(root, schemaPath)}: the generator block needs an explicit output = "..."`);
  return resolve(dirname(schemaPath), output[1]);
}

const versions = `prisma ${version('prisma')}, @prisma/client ${version('@prisma/client')}`;

function run(schemaPath) {
  const name = relative(root, schemaPath);
  const text = readFileSync(schemaPath, 'utf8');
  const out = outputDir(schemaPath, text);
  const stampFile = join(out, STAMP);
  const stamp = `${createHash('sha256').update(text).digest('hex')} ${versions}\n`;
  if (!force && existsSync(join(out, 'client.ts')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    return Promise.resolve({ name, status: 'up to date' });
  }
  return new Promise((done) => {
    const child = spawn(process.execPath, [prismaCli, 'generate', '--schema', schemaPath], {
      cwd: root,
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => done({ name, error: e.message }));
    child.on('close', (code) => {
      if (code !== 0) return done({ name, error: `prisma generate exited with ${code}\n${output.trim()}` });
      writeFileSync(stampFile, stamp);
      done({ name, status: `generated → ${relative(root, out)}` });
    });
  });
}

const schemas = explicit.length ? explicit : discover();
const missing = schemas.filter((s) => !existsSync(s));
if (missing.length) {
  console.error(`prisma-generate: no such schema: ${missing.join(', ')}`);
  process.exit(1);
}

// A few at a time: each generate is a separate Node process of ~1-2 s.
const queue = [...schemas];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(queue.length, Math.max(1, availableParallelism())) }, async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      try {
        results.push(await run(s));
      } catch (e) {
        results.push({ name: relative(root, s), error: e.message });
      }
    }
  }),
);
for (const r of results.sort((a, b) => a.name.localeCompare(b.name))) {
  if (r.error) console.error(`prisma-generate: ${r.name} FAILED\n  ${r.error.replace(/\n/g, '\n  ')}`);
  else console.log(`prisma-generate: ${r.name} ${r.status}`);
}
const failed = results.filter((r) => r.error).length;
if (failed) console.error(`prisma-generate: ${failed} schema(s) failed; fix them and run \`node tools/prisma-generate.mjs\``);
process.exit(failed ? 1 : 0);
