/**
 * SIGTERM under load loses nothing (docs/decisions.md HS2, issue 10 "Faults"): two built firmware-service
 * replicas share a steady load of firmware.latest calls, dispatched on the bus exactly as the edge dispatches
 * them; one replica is terminated once the load has made progress and the load goes on until it has exited.
 * Every call must get the right answer (the terminated replica answers what it received before its database
 * closes, new calls go to the other), the terminated replica must exit 0, and calls started after its exit
 * must still be answered. A private nats-server and a throwaway database keep it apart from every other spec.
 */
import { type AuthenticatedUser, FIRMWARE_RPC, type GatewayResult, gatewaySubject, identityOf } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { type Bus, createBus } from '@dcp/messaging';
import { type PrivateInfra, type Replica, buildApps, describeWithInfra, loadThroughShutdown, startPrivateInfra, startReplicas } from '@dcp/testing';

const CONCURRENCY = 12;
/** Calls answered before the SIGTERM: both replicas are busy by then. */
const SIGTERM_AFTER = 80;
const ANSWERED_AFTER_EXIT = 40;
const MODEL = 'IPC-SHUTDOWN';
const user: AuthenticatedUser = { userId: 1000, openId: 'open1000', clientId: 'client-1', uuid: 'uuid-1000' };

jest.setTimeout(120_000);

describeWithInfra(['postgres'], 'firmware-service: SIGTERM under firmware.latest load', () => {
  let infra: PrivateInfra | undefined;
  let client: Bus | undefined;
  let replicas: Replica[] = [];
  /** Release ids of the model's system chain, version1 1, 2 (interim: every device stops there) and 3. */
  const chain: number[] = [];

  beforeAll(async () => {
    buildApps('firmware-service');
    infra = await startPrivateInfra({ database: 'dcp_fw_shutdown' });
    await migrateService(serviceDatabase('firmware'), { kind: 'postgres', url: infra.databaseUrl });
    replicas = await startReplicas('firmware-service', 2, { ...infra.appEnv(), SHUTDOWN_TIMEOUT_MS: '20000' });
    client = await createBus({ kind: 'nats', url: infra.natsUrl, name: 'shutdown-spec', requestTimeoutMs: 20_000, logger: { error: () => undefined, warn: () => undefined, info: () => undefined } });
    for (const version1 of [1, 2, 3]) {
      const release = await client.rpcClient.request(FIRMWARE_RPC.createRelease, {
        body: { machineTypeName: MODEL, type: 1, version1, version2: '0', version3: 0, version4: 0, patchVersion: 0, downloadUri: `https://fw.example.com/${version1}.bin`, md5: '0123456789abcdef0123456789abcdef', desc: { zh: '更新', en: 'Update' }, interim: version1 === 2 },
      });
      chain.push(release.id);
    }
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(replicas.map((r) => r.app.stop()));
    await infra?.close();
  });

  /** firmware.latest for a device on system version1 `installed`, as the edge dispatches it. */
  const latest = async (installed: number): Promise<GatewayResult> => {
    const params = { ...identityOf(user), macAddr: 'AA:BB:CC:DD:EE:01', machineTypeName: MODEL, sysVersion1: String(installed), sysVersion3: '0', sysVersion4: '0', appVersion1: '0', appVersion3: '0', appVersion4: '0' };
    return (await client!.rpcClient.requestRaw(gatewaySubject('firmware.latest'), { service: 'firmware.latest', params, user })) as GatewayResult;
  };

  it('answers every firmware.latest while one replica is terminated; it exits 0 and the other keeps answering', async () => {
    const report = await loadThroughShutdown({
      terminated: replicas[0],
      concurrency: CONCURRENCY,
      sigtermAfter: SIGTERM_AFTER,
      answeredAfterExit: ANSWERED_AFTER_EXIT,
      call: async (worker, index) => {
        // Devices on versions 1, 2 and 3 of the chain: offered 2, offered 3, up to date.
        const installed = 1 + ((worker + index) % 3);
        const reply = await latest(installed);
        const offered = (reply.data as { id?: number } | undefined)?.id;
        const expected = installed < 3 ? chain[installed] : undefined;
        if (offered !== expected) throw new Error(`version ${installed}: offered release ${offered}, expected ${expected}`);
      },
    });

    expect(report.failures).toEqual([]);
    expect(report.servedByTerminated).toBeGreaterThan(0);
    expect(report.answeredAfterExit).toBeGreaterThanOrEqual(ANSWERED_AFTER_EXIT);
    expect({ exit: report.exit, output: report.exit.code === 0 ? '' : replicas[0].app.output() }).toEqual({ exit: { code: 0, signal: null }, output: '' });
  });
});
