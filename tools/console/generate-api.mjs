#!/usr/bin/env node
// Writes apps/console/src/api/admin-api.ts, the console's types of the admin API, from the OpenAPI document
// the edge serves at /admin/v1/openapi.json (built from the route table, libs/edge/src/admin/admin-routes.ts),
// with openapi-typescript. Needs the built edge (node tools/build.mjs). The file is committed so that the
// console type-checks without a build. Every build (tools/build.mjs → tools/console/build.mjs) writes it anew
// before the bundle is made and before `npm test` type-checks the console, so a route changed without the
// console following it fails the console's type check.
//
// Usage: node tools/console/generate-api.mjs
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_API_TYPES = join(root, 'apps/console/src/api/admin-api.ts');

/** The admin API document exactly as the edge serves it. */
export function adminOpenApiDocument() {
  const require = createRequire(import.meta.url);
  const { ADMIN_ROUTES } = require(join(root, 'dist/libs/edge/src/admin/admin-routes.js'));
  const { buildOpenApiDocument } = require(join(root, 'dist/libs/edge/src/admin/openapi.js'));
  return buildOpenApiDocument(ADMIN_ROUTES);
}

/** operationId → summary of every route, so the console can say what an audit entry did (not `postMerchants…`). */
function operationSummaries(doc) {
  const summaries = {};
  for (const ops of Object.values(doc.paths ?? {})) for (const op of Object.values(ops)) if (op?.operationId) summaries[op.operationId] = op.summary ?? '';
  return summaries;
}

export async function generateAdminApiTypes() {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const doc = adminOpenApiDocument();
  const ast = await openapiTS(doc, { alphabetize: false, exportType: true });
  return (
    '// Generated from /admin/v1/openapi.json by tools/console/generate-api.mjs (npm run build): do not edit.\n' +
    astToString(ast) +
    '/** Each admin route\'s summary by operationId (the audit log shows what a call did). */\n' +
    `export const ADMIN_OPERATION_SUMMARIES: Readonly<Record<string, string>> = ${JSON.stringify(operationSummaries(doc), null, 4)};\n`
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const next = await generateAdminApiTypes();
  const current = await readFile(ADMIN_API_TYPES, 'utf8').catch(() => '');
  if (current !== next) {
    await writeFile(ADMIN_API_TYPES, next);
    process.stdout.write(`wrote ${ADMIN_API_TYPES}\n`);
  }
}
