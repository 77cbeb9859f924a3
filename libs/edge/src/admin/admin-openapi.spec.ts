import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ADMIN_ROUTES } from './admin-routes';
import { buildOpenApiDocument } from './openapi';

const REPO_ROOT = resolve(__dirname, '../../../..');

/**
 * Validates a document with @seriousme/openapi-schema-validator in a child Node process (it is ESM-only and
 * reads its schemas through import.meta), as public-openapi.spec.ts does for the public document.
 */
function validate(doc: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    process.stdout.write(JSON.stringify(await new Validator().validate(JSON.parse(input))));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, input: JSON.stringify(doc), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`validator failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { valid: boolean; errors?: unknown };
}

describe('admin API document (GET /admin/v1/openapi.json)', () => {
  it('is a valid OpenAPI 3.1 document, composed views and their per-part errors included', () => {
    const doc = buildOpenApiDocument(ADMIN_ROUTES);
    const result = validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('the validator refuses a broken document (the check can fail)', () => {
    const doc = buildOpenApiDocument(ADMIN_ROUTES) as { paths: Record<string, unknown> };
    expect(validate({ ...doc, paths: { 'devices/{mac}': {} } }).valid).toBe(false);
  });
});
