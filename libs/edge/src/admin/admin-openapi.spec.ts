import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { z } from 'zod';
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

describe('paging in the admin API document', () => {
  const doc = buildOpenApiDocument(ADMIN_ROUTES) as { paths: Record<string, Record<string, { parameters: Array<{ name: string; description?: string; schema: Record<string, unknown> }> }>> };
  /** Forwarded routes whose contract answers a page with nextCursor (every list of admin-paging.ts). */
  const cursorLists = ADMIN_ROUTES.filter((r) => r.contract !== undefined && r.contract.response instanceof z.ZodObject && 'nextCursor' in r.contract.response.shape);

  it('every list answering nextCursor takes cursor, forwards it to its service, and describes limit, offset and cursor', () => {
    expect(cursorLists.map((r) => r.path).sort()).toEqual(['/audit', '/firmware', '/firmware/models', '/grants', '/manufacturers', '/merchants', '/permissions', '/users'].sort());
    for (const route of cursorLists) {
      const request = route.toRequest?.({ params: {}, query: { cursor: 'c', limit: '5' }, body: undefined }) as Record<string, unknown>;
      expect([route.path, request.cursor ?? (request.query as Record<string, unknown> | undefined)?.cursor]).toEqual([route.path, 'c']);
      const parameters = doc.paths[`/admin/v1${route.path}`].get.parameters;
      for (const name of ['limit', 'offset', 'cursor']) expect([route.path, name, parameters.find((p) => p.name === name)?.description]).toEqual([route.path, name, expect.any(String)]);
      expect(parameters.find((p) => p.name === 'offset')?.description).toMatch(/at most 10000/);
    }
  });

  it('the composed look-ups take a cursor per list, described', () => {
    const user = doc.paths['/admin/v1/users/{openId}'].get.parameters;
    expect(user.filter((p) => /Cursor$/.test(p.name)).map((p) => [p.name, typeof p.description])).toEqual([
      ['devicesCursor', 'string'],
      ['grantsCursor', 'string'],
    ]);
    expect(doc.paths['/admin/v1/devices/{mac}'].get.parameters.find((p) => p.name === 'cursor')?.description).toMatch(/nextCursor/);
  });
});
