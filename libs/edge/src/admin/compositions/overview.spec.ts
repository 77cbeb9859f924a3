import { ErrorCode, PlatformError, type RpcContract, SSO_ADMIN_RPC, STATUS_SERVICES, overviewViewSchema, serviceStatusContract } from '@dcp/contracts';
import { type AdminRpc, NO_EDGE_FACTS, answerRoute } from '../admin-composition';
import { ADMIN_ROUTES } from '../admin-routes';
import { overview } from './overview';

type Handler = () => Promise<unknown>;

function fakeRpc(handlers: Record<string, Handler>): AdminRpc {
  return {
    request: (async (contract: RpcContract) => {
      const handler = handlers[contract.subject];
      if (!handler) throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `no responders on ${contract.subject}`);
      return contract.response.parse(await handler());
    }) as AdminRpc['request'],
  };
}

const status = (counts: { name: string; value: number; estimated: boolean }[] = []) => async () => ({ ready: true, failing: [], version: '0.1.0', buildId: null, uptimeSeconds: 5, counts });
const broken = { status: 'broken', breaker: 'open', windowSeconds: 3600, calls: 9, failures: 8, lastFailureAt: '2026-11-27T10:00:00.000Z', lastFailure: 'is_valid_token: timed out' } as const;

describe('GET /overview composition', () => {
  it('asks every service for its status at once, gathers the counts by name, the merchants in trouble and the edge\'s own traffic', async () => {
    const handlers: Record<string, Handler> = {};
    for (const s of STATUS_SERVICES) handlers[serviceStatusContract(s).subject] = status();
    handlers[serviceStatusContract('sso').subject] = status([{ name: 'merchants', value: 3, estimated: false }, { name: 'users', value: 2_400_000, estimated: true }]);
    handlers[serviceStatusContract('device').subject] = async () => ({ ready: false, failing: [{ check: 'database:device', message: 'connection refused' }], version: '0.1.0', buildId: 'abc123', uptimeSeconds: 1, counts: [] });
    delete handlers[serviceStatusContract('firmware').subject];
    handlers[SSO_ADMIN_RPC.merchantsInTrouble.subject] = async () => ({ items: [{ clientId: 'acme', name: 'Acme', callHealth: broken }] });
    const traffic = { windowSeconds: 3600, requests: 10, serverErrors: 1, clientErrors: 2, serverErrorRate: 0.1, p50Seconds: 0.01, p95Seconds: 0.5, p99Seconds: 1 };
    const view = overviewViewSchema.parse(await overview({}, fakeRpc(handlers), { publicTraffic: () => traffic }));
    expect(view.services.map((s) => s.service)).toEqual([...STATUS_SERVICES]);
    expect(view.services.find((s) => s.service === 'device')).toMatchObject({ ready: false, failing: [{ check: 'database:device' }], buildId: 'abc123' });
    expect(view.services.find((s) => s.service === 'firmware')).toMatchObject({ error: { errorCode: '000099' } });
    expect(view.counts).toEqual([
      { service: 'sso', name: 'merchants', value: 3, estimated: false },
      { service: 'sso', name: 'users', value: 2_400_000, estimated: true },
    ]);
    expect(view.merchantsInTrouble).toEqual({ items: [{ clientId: 'acme', name: 'Acme', callHealth: broken }] });
    expect(view.edge.publicTraffic).toEqual(traffic);
    expect(view.edge.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is served by the route table at GET /overview, a failing sso-service leaving the merchants as an error', async () => {
    const route = ADMIN_ROUTES.find((r) => r.method === 'GET' && r.path === '/overview');
    if (!route || !('compose' in route) || !route.compose) throw new Error('no composed GET /overview');
    const view = (await answerRoute(route, {}, fakeRpc({}), NO_EDGE_FACTS)) as { merchantsInTrouble: unknown; counts: unknown[] };
    expect(view.merchantsInTrouble).toMatchObject({ error: { errorCode: '000099' } });
    expect(view.counts).toEqual([]);
  });
});
