#!/usr/bin/env node
// Transpiles the workspace's TypeScript to CommonJS under dist/ with SWC (keeps decorator metadata,
// which Nest's constructor injection needs and esbuild cannot emit). Type checking is `npm run typecheck`.
// `@dcp/<lib>` imports are rewritten to relative paths so built apps resolve libs at run time
// without tsconfig paths or workspace packages. Incremental: a file is rebuilt only when its source is newer.
//
// Usage: node tools/build.mjs [project-root ...]   (default: apps, libs and tools/demo)
import { transformFile } from '@swc/core';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile, copyFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outRoot = join(root, 'dist');
const swcrc = JSON.parse(await readFile(join(root, '.swcrc.json'), 'utf8'));
const roots = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const force = process.argv.includes('--force');
const sourceRoots = roots.length ? roots : ['apps', 'libs', 'tools/demo', 'tools/bench', 'tools/docs'];

const skip = (p) => /\.spec\.ts$|\.e2e-spec\.ts$|\.d\.ts$|[\\/](test|__tests__)[\\/]/.test(p) || /^apps[\\/]console[\\/]/.test(p);

async function* walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}

const aliasPattern = /(require\(|from |import\()(["'])@dcp\/([a-z-]+)(\/[^"']*)?\2/g;

function rewriteAliases(code, outFile) {
  return code.replace(aliasPattern, (_m, head, quote, lib, sub) => {
    const target = join(outRoot, 'libs', lib, 'src', sub ? sub.slice(1) : 'index.js');
    let rel = relative(dirname(outFile), target).split(sep).join('/');
    if (!rel.startsWith('.')) rel = './' + rel;
    return `${head}${quote}${rel}${quote}`;
  });
}

let built = 0;
const jobs = [];
/** Each compiled file and the time it was written: what the console's generated API types are derived from. */
const outputs = [];
for (const r of sourceRoots) {
  for await (const file of walk(join(root, r))) {
    const relPath = relative(root, file);
    if (file.endsWith('.ts') && !skip(relPath)) {
      const outFile = join(outRoot, relPath.replace(/\.ts$/, '.js'));
      jobs.push(
        (async () => {
          if (!force) {
            const [src, out] = await Promise.all([stat(file), stat(outFile).catch(() => null)]);
            if (out && out.mtimeMs >= src.mtimeMs) {
              outputs.push(`${relPath}\0${out.mtimeMs}`);
              return;
            }
          }
          const result = await transformFile(file, {
            ...swcrc,
            filename: file,
            sourceFileName: relative(dirname(outFile), file),
            swcrc: false,
            configFile: false,
          });
          await mkdir(dirname(outFile), { recursive: true });
          await writeFile(outFile, rewriteAliases(result.code, outFile) + `\n//# sourceMappingURL=${outFile.split(sep).pop()}.map\n`);
          if (result.map) await writeFile(outFile + '.map', result.map);
          outputs.push(`${relPath}\0${(await stat(outFile)).mtimeMs}`);
          built++;
        })(),
      );
    } else if (/\.(json|wasm|sql|prisma|html)$/.test(file) && /[\\/]src[\\/]/.test(relPath) && !skip(relPath)) {
      // Runtime assets that live beside the code (JSON schemas, generated engine files).
      const outFile = join(outRoot, relPath);
      jobs.push(mkdir(dirname(outFile), { recursive: true }).then(() => copyFile(file, outFile)));
    }
  }
}
await Promise.all(jobs);
if (!process.argv.includes('--quiet')) console.log(`build: ${built} file(s) transpiled into dist/`);
// The operator console is a browser bundle (Vite), built after the edge whose OpenAPI document types it.
if (sourceRoots.some((r) => r === 'apps' || r === 'apps/console' || r === 'apps/console/')) {
  const { buildConsole } = await import('./console/build.mjs');
  // Only a full build (every root) knows the whole of dist/ it fingerprints.
  const distFingerprint = roots.length === 0 ? createHash('sha256').update(outputs.sort().join('\n')).digest('hex') : undefined;
  await buildConsole({ force, quiet: process.argv.includes('--quiet'), distFingerprint });
}
