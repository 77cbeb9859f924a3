/**
 * SIGTERM under load loses nothing (docs/decisions.md HS2, issue 10 "Faults"): two built storage-service
 * replicas (one shared store folder, as OS1 requires) share a steady load of recording and session
 * operations: segment ingest as a recorder sends it, the stream operations record.query, record.play and
 * record.date.query as the edge dispatches them (sessionToken and all), and the HLS playlist and segment of
 * the URL record.play signed. One replica is terminated once the load has made progress and the load goes on
 * until it has exited. Each worker is one device whose recording grows by a segment a round, so every answer
 * is checked against what was stored before. Every call must succeed, the terminated replica must exit 0,
 * and calls started after its exit must still be answered.
 *
 * What storage-service asks other services (a device's owner, the owner's subtoken) is answered on their RPC
 * contracts by this spec's bus client, as libs/storage/test does: the service under test is the only one
 * being terminated.
 */
import { DEVICE_RPC, type GatewayResult, SSO_RPC, STORAGE_RPC, gatewaySubject } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { type Bus, createBus } from '@dcp/messaging';
import { sessionToken } from '@dcp/signing';
import { type PrivateInfra, type Replica, buildApps, describeWithInfra, loadThroughShutdown, startPrivateInfra, startReplicas, tsNullPackets } from '@dcp/testing';

const CONCURRENCY = 12;
/** Calls answered before the SIGTERM: both replicas are busy by then. */
const SIGTERM_AFTER = 80;
const ANSWERED_AFTER_EXIT = 40;
const SEGMENT_SECONDS = 2;
const SEGMENT = tsNullPackets(2).toString('base64');

jest.setTimeout(120_000);

/** Each worker's device, owned by user 4000 + worker. */
const macOf = (worker: number) => `5B0000${worker.toString(16).padStart(6, '0')}`.toUpperCase();
const ownerOf = (macAddr: string) => 4000 + parseInt(macAddr.slice(6), 16);
const subtokenOf = (userId: number) => `subtoken-${userId}`;

describeWithInfra(['postgres'], 'storage-service: SIGTERM under recording and session operations', () => {
  let infra: PrivateInfra | undefined;
  let client: Bus | undefined;
  let replicas: Replica[] = [];
  /** Where every device's recording starts: an hour ago, in whole seconds. */
  const recordingStart = Math.floor(Date.now() / 1000) - 3600;

  beforeAll(async () => {
    buildApps('storage-service');
    infra = await startPrivateInfra({ database: 'dcp_storage_shutdown' });
    await migrateService(serviceDatabase('storage'), { kind: 'postgres', url: infra.databaseUrl });
    client = await createBus({ kind: 'nats', url: infra.natsUrl, name: 'shutdown-spec', requestTimeoutMs: 20_000, logger: { error: () => undefined, warn: () => undefined, info: () => undefined } });
    client.rpcServer.handleContract(DEVICE_RPC.findDeviceOwner, async ({ macAddr }) => {
      const mac = macAddr.toUpperCase();
      return { owner: /^5B0000[0-9A-F]{6}$/.test(mac) ? { userId: ownerOf(mac), macAddr: mac } : null };
    });
    client.rpcServer.handleContract(SSO_RPC.ssoUserSubtoken, async ({ userId }) => ({ subtoken: subtokenOf(userId) }));
    replicas = await startReplicas('storage-service', 2, { ...infra.appEnv(), SHUTDOWN_TIMEOUT_MS: '20000' });
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(replicas.map((r) => r.app.stop()));
    await infra?.close();
  });

  /** A stream operation as the edge dispatches it, with the owner's sessionToken. */
  const stream = async (service: string, devId: string, params: Record<string, string> = {}): Promise<GatewayResult> => {
    const timestamp = String(Math.floor(Date.now() / 1000) + 600);
    const session = { devId, timestamp, sessionToken: sessionToken(subtokenOf(ownerOf(devId)), timestamp) };
    return (await client!.rpcClient.requestRaw(gatewaySubject(service), { service, params: { ...session, version: '1.0', ...params } })) as GatewayResult;
  };

  const expectEqual = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };

  /** Per worker: the segment ingested this round, and its signed URL once the playlist gave it. */
  const current = new Map<number, { segmentId: string; url?: URL }>();

  /** One step of worker `worker`'s round: a segment is ingested, the recording queried, played and read back. */
  const step = async (worker: number, index: number): Promise<void> => {
    const devId = macOf(worker);
    const round = Math.floor(index / 5);
    const recordingEnd = recordingStart + SEGMENT_SECONDS * (round + 1);
    switch (index % 5) {
      case 0: {
        const segment = await client!.rpcClient.request(STORAGE_RPC.ingestSegment, { devId, start: recordingEnd - SEGMENT_SECONDS, duration: SEGMENT_SECONDS, type: 1, contentBase64: SEGMENT });
        expectEqual('ingest-segment', [segment.devId, segment.userId], [devId, ownerOf(devId)]);
        current.set(worker, { segmentId: segment.segmentId });
        return;
      }
      case 1: {
        const { extra } = await stream('record.query', devId, { recordSt: String(recordingStart - 60), recordEt: String(recordingEnd + 60) });
        // Back-to-back segments of one type are one clip.
        expectEqual('record.query', extra?.recordList, [[String(recordingStart), String(recordingEnd), '1']]);
        return;
      }
      case 2: {
        const { extra } = await stream('record.play', devId, { recordSt: String(recordingStart) });
        const q = new URL(String(extra?.recordUrl)).searchParams;
        const { playlist } = await client!.rpcClient.request(STORAGE_RPC.playlist, { devId, from: q.get('from') ?? '', to: q.get('to') ?? '', expires: q.get('expires') ?? '', sig: q.get('sig') ?? '' });
        const urls = playlist.split('\n').filter((line) => line.startsWith('http')).map((line) => new URL(line));
        const segmentId = current.get(worker)!.segmentId;
        expectEqual('playlist', [urls.length, urls.at(-1)?.pathname], [round + 1, `/hls/${devId}/segments/${segmentId}.ts`]);
        current.set(worker, { segmentId, url: urls.at(-1) });
        return;
      }
      case 3: {
        const { segmentId, url } = current.get(worker)!;
        const { contentBase64 } = await client!.rpcClient.request(STORAGE_RPC.segment, { devId, segmentId, expires: url?.searchParams.get('expires') ?? '', sig: url?.searchParams.get('sig') ?? '' });
        expectEqual('segment', contentBase64, SEGMENT);
        return;
      }
      default: {
        const { extra } = await stream('record.date.query', devId);
        // Every UTC hour the continuous recording covers (decisions CS6).
        const hour = (epochSeconds: number) => `${new Date(epochSeconds * 1000).toISOString().slice(0, 13).replace(/-/g, '')}0000`;
        const hours: string[] = [];
        for (let h = Math.floor(recordingStart / 3600); h <= Math.floor((recordingEnd - 1) / 3600); h++) hours.push(hour(h * 3600));
        expectEqual('record.date.query', extra?.dateList, hours);
      }
    }
  };

  it('answers every recording and session operation while one replica is terminated; it exits 0 and the other keeps answering', async () => {
    const report = await loadThroughShutdown({ terminated: replicas[0], concurrency: CONCURRENCY, sigtermAfter: SIGTERM_AFTER, answeredAfterExit: ANSWERED_AFTER_EXIT, call: step });

    expect(report.failures).toEqual([]);
    expect(report.servedByTerminated).toBeGreaterThan(0);
    expect(report.answeredAfterExit).toBeGreaterThanOrEqual(ANSWERED_AFTER_EXIT);
    expect({ exit: report.exit, output: report.exit.code === 0 ? '' : replicas[0].app.output() }).toEqual({ exit: { code: 0, signal: null }, output: '' });
  });
});
