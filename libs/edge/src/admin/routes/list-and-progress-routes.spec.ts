import { DEVICE_RPC, FIRMWARE_RPC, SSO_ADMIN_RPC } from '@dcp/contracts';
import { compilePath } from '../admin-route';
import { ADMIN_ROUTES } from '../admin-routes';
import { buildOpenApiDocument } from '../openapi';

/** The route the controller serves for a method and path: the first of the table that matches. */
function routeFor(method: string, path: string) {
  return ADMIN_ROUTES.find((r) => r.method === method && compilePath(r.path)(path) !== undefined);
}

describe('firmware models, progress and list filters in the admin route table', () => {
  it('serves GET /firmware/models as the model list, not as release "models"; ids and progress as before', () => {
    expect(routeFor('GET', '/firmware/models')?.contract).toBe(FIRMWARE_RPC.listModels);
    expect(routeFor('GET', '/firmware/12')?.contract).toBe(FIRMWARE_RPC.getRelease);
    expect(routeFor('GET', '/firmware/models/IPC-100')?.contract).toBe(FIRMWARE_RPC.getModel);
    expect(routeFor('GET', '/firmware/models/IPC-100/progress')?.contract).toBe(FIRMWARE_RPC.modelProgress);
  });

  it('forwards the filters as the query string gave them (the owning service validates them)', () => {
    const query = { q: 'acme', enabled: 'false', limit: '5', offset: '10' };
    expect(routeFor('GET', '/merchants')?.toRequest!({ params: {}, query, body: {} })).toEqual({ q: 'acme', enabled: 'false', limit: '5', offset: '10' });
    expect(routeFor('GET', '/manufacturers')?.toRequest!({ params: {}, query, body: {} })).toEqual({ q: 'acme', limit: '5', offset: '10' });
    expect(routeFor('GET', '/firmware/models')?.toRequest!({ params: {}, query, body: {} })).toEqual({ q: 'acme', limit: '5', offset: '10' });
    expect(routeFor('GET', '/merchants')?.contract).toBe(SSO_ADMIN_RPC.listMerchants);
    expect(routeFor('GET', '/manufacturers')?.contract).toBe(DEVICE_RPC.listManufacturers);
  });

  it('documents the filters and the typed answers of the new routes', () => {
    type Operation = { parameters: { name: string; in: string }[]; responses: Record<string, { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } }> };
    const doc = buildOpenApiDocument(ADMIN_ROUTES) as { paths: Record<string, Record<string, Operation>> };
    const query = (op: Operation) => op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query(doc.paths['/admin/v1/merchants'].get)).toEqual(['q', 'enabled', 'limit', 'offset', 'cursor']);
    expect(query(doc.paths['/admin/v1/manufacturers'].get)).toEqual(['q', 'limit', 'offset', 'cursor']);
    const models = doc.paths['/admin/v1/firmware/models'].get;
    expect(query(models)).toEqual(['q', 'limit', 'offset', 'cursor']);
    expect(Object.keys(models.responses['200'].content['application/json'].schema.properties).sort()).toEqual(['items', 'nextCursor', 'total', 'totalIsEstimate']);
    const progress = doc.paths['/admin/v1/firmware/models/{machineTypeName}/progress'].get;
    expect(Object.keys(progress.responses['200'].content['application/json'].schema.properties).sort()).toEqual(['answers', 'asOf', 'devices', 'fromVersions', 'machineTypeName', 'releases']);
  });
});
