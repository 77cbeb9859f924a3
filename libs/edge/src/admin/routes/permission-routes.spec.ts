import { PERMISSION_RPC } from '@dcp/contracts';
import { compilePath } from '../admin-route';
import { ADMIN_ROUTES } from '../admin-routes';
import { buildOpenApiDocument } from '../openapi';

/** The route the controller serves for a method and path: the first of the table that matches. */
function routeFor(method: string, path: string) {
  return ADMIN_ROUTES.find((r) => r.method === method && compilePath(r.path)(path) !== undefined);
}

describe('list filters of the plan catalogue and the grants in the admin route table', () => {
  it('forwards the filters as the query string gave them (permission-service validates them)', () => {
    const permissions = routeFor('GET', '/permissions');
    expect(permissions?.contract).toBe(PERMISSION_RPC.listPermissions);
    expect(permissions?.toRequest!({ params: {}, query: { q: '100%', permissionType: '3', limit: '5', offset: '10' }, body: {} })).toEqual({ q: '100%', permissionType: '3', limit: '5', offset: '10' });
    const grants = routeFor('GET', '/grants');
    expect(grants?.contract).toBe(PERMISSION_RPC.listGrants);
    const query = { openId: 'open-1', permissionCode: 'cloud-30', ipcMac: 'aa:bb:cc:dd:ee:01', state: 'over', limit: '5', offset: '10' };
    expect(grants?.toRequest!({ params: {}, query, body: {} })).toEqual(query);
  });

  it('lists the filters as query parameters of the OpenAPI document', () => {
    type Operation = { parameters: { name: string; in: string }[] };
    const doc = buildOpenApiDocument(ADMIN_ROUTES) as { paths: Record<string, Record<string, Operation>> };
    const query = (op: Operation) => op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query(doc.paths['/admin/v1/permissions'].get)).toEqual(['q', 'permissionType', 'limit', 'offset', 'cursor']);
    expect(query(doc.paths['/admin/v1/grants'].get)).toEqual(['openId', 'permissionCode', 'ipcMac', 'state', 'limit', 'offset', 'cursor']);
  });
});
