/**
 * SIGTERM under load loses nothing (docs/decisions.md HS2, issue 10 "Faults"): two built device-service
 * replicas share a steady load of device operations, dispatched on the bus exactly as the edge dispatches
 * them (and the ownership query other services ask); one replica is terminated once the load has made
 * progress and the load goes on until it has exited. Each worker is one user binding, listing, renaming,
 * looking up and deleting devices in turn, so every answer is checked against what that user did before.
 * Every call must succeed, the terminated replica must exit 0, and calls started after its exit must still
 * be answered.
 */
import { type AuthenticatedUser, DEVICE_RPC, type GatewayResult, gatewaySubject, identityOf } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { type Bus, createBus } from '@dcp/messaging';
import { type PrivateInfra, type Replica, buildApps, describeWithInfra, loadThroughShutdown, startPrivateInfra, startReplicas } from '@dcp/testing';

const CONCURRENCY = 12;
/** Calls answered before the SIGTERM: both replicas are busy by then. */
const SIGTERM_AFTER = 80;
const ANSWERED_AFTER_EXIT = 40;
const DEVICE = 'user_ipc_setting_v2_0';

jest.setTimeout(120_000);

describeWithInfra(['postgres'], 'device-service: SIGTERM under device operations', () => {
  let infra: PrivateInfra | undefined;
  let client: Bus | undefined;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    buildApps('device-service');
    infra = await startPrivateInfra({ database: 'dcp_device_shutdown' });
    await migrateService(serviceDatabase('device'), { kind: 'postgres', url: infra.databaseUrl });
    replicas = await startReplicas('device-service', 2, { ...infra.appEnv(), SHUTDOWN_TIMEOUT_MS: '20000' });
    client = await createBus({ kind: 'nats', url: infra.natsUrl, name: 'shutdown-spec', requestTimeoutMs: 20_000, logger: { error: () => undefined, warn: () => undefined, info: () => undefined } });
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(replicas.map((r) => r.app.stop()));
    await infra?.close();
  });

  /** A user operation as the edge dispatches it (parameters validated, the user authenticated). */
  const gateway = async (operation: string, user: AuthenticatedUser, params: Record<string, string> = {}): Promise<GatewayResult> => {
    const service = `${DEVICE}.${operation}`;
    return (await client!.rpcClient.requestRaw(gatewaySubject(service), { service, params: { ...identityOf(user), ...params }, user })) as GatewayResult;
  };

  const expectEqual = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };

  /** One step of worker `worker`'s round: its user binds a device, lists, renames, looks it up, deletes it. */
  const step = async (worker: number, index: number): Promise<void> => {
    const user: AuthenticatedUser = { userId: 2000 + worker, openId: `open-${worker}`, clientId: 'client-1', uuid: `uuid-${worker}` };
    const round = Math.floor(index / 5);
    const macAddr = `5A${worker.toString(16).padStart(2, '0')}${round.toString(16).padStart(8, '0')}`.toUpperCase();
    switch (index % 5) {
      case 0:
        expectEqual('addOemDevice', await gateway('addOemDevice', user, { macAddr, deviceName: 'Porch', productName: 'C200', username: 'admin', password: 'ENC(secret)', hasusertag: '2', supportStore: '1', supportRichMedia: '0', oemCode: 'ACME' }), {});
        return;
      case 1: {
        const { data } = await gateway('getOemDeviceByUser', user);
        expectEqual('getOemDeviceByUser', (data as Array<{ macAddr: string; deviceName: string }>).map((d) => [d.macAddr, d.deviceName]), [[macAddr, 'Porch']]);
        return;
      }
      case 2:
        expectEqual('updateOemDevice', await gateway('updateOemDevice', user, { macAddr, deviceName: `Porch ${round}` }), {});
        return;
      case 3: {
        const { device } = await client!.rpcClient.request(DEVICE_RPC.findUserDevice, { userId: user.userId, macAddr });
        expectEqual('findUserDevice', device && [device.macAddr, device.deviceName, device.password], [macAddr, `Porch ${round}`, 'ENC(secret)']);
        return;
      }
      default:
        expectEqual('delOemDeviceByMac', await gateway('delOemDeviceByMac', user, { macAddr }), {});
    }
  };

  it('answers every device operation while one replica is terminated; it exits 0 and the other keeps answering', async () => {
    const report = await loadThroughShutdown({ terminated: replicas[0], concurrency: CONCURRENCY, sigtermAfter: SIGTERM_AFTER, answeredAfterExit: ANSWERED_AFTER_EXIT, call: step });

    expect(report.failures).toEqual([]);
    expect(report.servedByTerminated).toBeGreaterThan(0);
    expect(report.answeredAfterExit).toBeGreaterThanOrEqual(ANSWERED_AFTER_EXIT);
    expect({ exit: report.exit, output: report.exit.code === 0 ? '' : replicas[0].app.output() }).toEqual({ exit: { code: 0, signal: null }, output: '' });
  });
});
