/**
 * SIGTERM under load loses nothing (docs/decisions.md HS2, issue 10 "Faults"): two built permission-service
 * replicas share a steady load of grant operations (the operator's create and list, the app's queries and
 * activation, dispatched on the bus exactly as the edge and the admin API dispatch them); one replica is
 * terminated once the load has made progress and the load goes on until it has exited. Each worker is one
 * user whose grants are created, listed, activated and queried in turn, so every answer is checked against
 * what that user did before. Every call must succeed, the terminated replica must exit 0, and calls started
 * after its exit must still be answered.
 *
 * What permission-service asks other services (the shadow account behind an openId, whether a device is the
 * user's) is answered on their RPC contracts by this spec's bus client, as libs/permission/test does: the
 * service under test is the only one being terminated.
 */
import { type AuthenticatedUser, DEVICE_RPC, type GatewayResult, PERMISSION_RPC, SSO_RPC, gatewaySubject, identityOf } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { type Bus, createBus } from '@dcp/messaging';
import { type PrivateInfra, type Replica, buildApps, describeWithInfra, loadThroughShutdown, startPrivateInfra, startReplicas } from '@dcp/testing';

const CONCURRENCY = 12;
/** Calls answered before the SIGTERM: both replicas are busy by then. */
const SIGTERM_AFTER = 80;
const ANSWERED_AFTER_EXIT = 40;
const PLAN = 'paid-30';
/** Grant status of spec 2.5: waiting for activation, activated. */
const WAITING = 1;
const ACTIVATED = 3;

jest.setTimeout(120_000);

const userOf = (worker: number): AuthenticatedUser => ({ userId: 3000 + worker, openId: `open-${3000 + worker}`, clientId: 'client-1', uuid: `uuid-${worker}` });
/** The one device each worker's user has. */
const macOf = (userId: number) => `5A0000${userId.toString(16).padStart(6, '0')}`.toUpperCase();

describeWithInfra(['postgres'], 'permission-service: SIGTERM under grant operations', () => {
  let infra: PrivateInfra | undefined;
  let client: Bus | undefined;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    buildApps('permission-service');
    infra = await startPrivateInfra({ database: 'dcp_perm_shutdown' });
    await migrateService(serviceDatabase('permission'), { kind: 'postgres', url: infra.databaseUrl });
    client = await createBus({ kind: 'nats', url: infra.natsUrl, name: 'shutdown-spec', requestTimeoutMs: 20_000, logger: { error: () => undefined, warn: () => undefined, info: () => undefined } });
    client.rpcServer.handleContract(SSO_RPC.ssoFindUser, async ({ openId }) => {
      const userId = Number(/^open-(\d+)$/.exec(openId)?.[1]);
      return { user: userId ? { userId, openId, clientId: 'client-1', uuid: `uuid-${userId}` } : null };
    });
    // Activation issues the device's camera stream with the user's storeTag (decisions CU3).
    client.rpcServer.handleContract(SSO_RPC.ssoUserStoreTag, async ({ userId }) => ({ storeTag: `storeTag${userId}` }));
    client.rpcServer.handleContract(DEVICE_RPC.findUserDevice, async ({ userId, macAddr }) => ({
      device:
        macAddr === macOf(userId)
          ? { userId, macAddr, deviceName: 'cam', productName: 'C200', username: 'admin', password: 'x', hasusertag: 0, supportStore: 1, supportRichMedia: 0, oemCode: 'ACME' }
          : null,
    }));
    replicas = await startReplicas('permission-service', 2, { ...infra.appEnv(), SHUTDOWN_TIMEOUT_MS: '20000' });
    await client.rpcClient.request(PERMISSION_RPC.createPermission, { body: { permissionCode: PLAN, permissionName: 'Cloud 30 days', permissionType: 1, durationDays: 30 } });
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(replicas.map((r) => r.app.stop()));
    await infra?.close();
  });

  /** A user operation as the edge dispatches it (parameters validated, the user authenticated). */
  const gateway = async (service: string, user: AuthenticatedUser, params: Record<string, string> = {}): Promise<GatewayResult> =>
    (await client!.rpcClient.requestRaw(gatewaySubject(service), { service, params: { ...identityOf(user), ...params }, user })) as GatewayResult;

  const expectEqual = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };

  /** Each worker's grants so far, the last one the current round's. */
  const grantsOf = new Map<number, number[]>();

  /** One step of worker `worker`'s round: a grant is created, seen waiting, activated, seen valid, listed. */
  const step = async (worker: number, index: number): Promise<void> => {
    const user = userOf(worker);
    const grants = grantsOf.get(worker) ?? [];
    grantsOf.set(worker, grants);
    const current = grants[grants.length - 1];
    const records = (result: GatewayResult) => (result.data as Array<{ grantId: number; grantStatus: number }>).map((r) => [r.grantId, r.grantStatus]);
    switch (index % 5) {
      case 0: {
        const grant = await client!.rpcClient.request(PERMISSION_RPC.createGrant, { body: { openId: user.openId, permissionCode: PLAN } });
        expectEqual('createGrant', [grant.userId, grant.grantStatus], [user.userId, WAITING]);
        grants.push(grant.grantId);
        return;
      }
      case 1:
        expectEqual('permission.query_user_not_active', records(await gateway('permission.query_user_not_active', user, { supportBpi: '1' })), [[current, WAITING]]);
        return;
      case 2:
        expectEqual('permission.active', await gateway('permission.active', user, { grantId: String(current), ipcMac: macOf(user.userId) }), {});
        return;
      case 3: {
        const valid = records(await gateway('permission.query_user_ipcs_valid', user));
        if (!valid.some(([grantId, status]) => grantId === current && status === ACTIVATED)) throw new Error(`permission.query_user_ipcs_valid: grant ${current} not activated in ${JSON.stringify(valid)}`);
        return;
      }
      default: {
        const listed = await client!.rpcClient.request(PERMISSION_RPC.listGrants, { openId: user.openId });
        expectEqual('admin.list-grants', listed.items.map((g) => g.grantId).sort((a, b) => a - b), grants);
      }
    }
  };

  it('answers every grant operation while one replica is terminated; it exits 0 and the other keeps answering', async () => {
    const report = await loadThroughShutdown({ terminated: replicas[0], concurrency: CONCURRENCY, sigtermAfter: SIGTERM_AFTER, answeredAfterExit: ANSWERED_AFTER_EXIT, call: step });

    expect(report.failures).toEqual([]);
    expect(report.servedByTerminated).toBeGreaterThan(0);
    expect(report.answeredAfterExit).toBeGreaterThanOrEqual(ANSWERED_AFTER_EXIT);
    expect({ exit: report.exit, output: report.exit.code === 0 ? '' : replicas[0].app.output() }).toEqual({ exit: { code: 0, signal: null }, output: '' });
  });
});
