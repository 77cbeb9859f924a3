/**
 * `GET /admin/v1/overview`: the console's landing page. Every service's status contract at once (readiness,
 * version, counts: dcp.rpc.<service>.admin.status, served by its ServiceHost), the merchants in trouble
 * (sso-service's replica view) and the answering edge replica's own public traffic of the last hour. A
 * service that fails or does not answer within RPC_TIMEOUT_MS is listed with its error (a replica still
 * starting has not subscribed yet: "no responders", 000099 at once). The outbox, consumer lag and dead
 * letters have their own routes (/outbox, /consumers), which the page reads beside this one.
 */
import { type OverviewView, SSO_ADMIN_RPC, STATUS_SERVICES, overviewViewSchema, serviceStatusContract } from '@dcp/contracts';
import { buildId, platformVersion } from '@dcp/runtime';
import { type AdminEdgeFacts, type AdminRpc, composition, part } from '../admin-composition';

const EDGE_STARTED = Date.now() - process.uptime() * 1000;

export async function overview(_request: unknown, rpc: AdminRpc, edge: AdminEdgeFacts): Promise<OverviewView> {
  const [services, merchantsInTrouble] = await Promise.all([
    Promise.all(STATUS_SERVICES.map(async (service) => ({ service, ...(await part(() => rpc.request(serviceStatusContract(service), {}))) }))),
    part(() => rpc.request(SSO_ADMIN_RPC.merchantsInTrouble, {})),
  ]);
  const counts = services.flatMap((s) => ('counts' in s ? s.counts.map((c) => ({ ...c, service: s.service })) : []));
  return {
    at: new Date().toISOString(),
    edge: { version: platformVersion(), buildId: buildId(), uptimeSeconds: Math.round((Date.now() - EDGE_STARTED) / 1000), publicTraffic: edge.publicTraffic() },
    services,
    counts,
    merchantsInTrouble,
  };
}

export const OVERVIEW = composition(overviewViewSchema, overview);
