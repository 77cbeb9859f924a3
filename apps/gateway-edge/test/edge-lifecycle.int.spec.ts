/**
 * The built gateway-edge's probes and shutdown (docs/decisions.md HS1, HS2), next to a built sso-service on a
 * private nats-server (with monitoring) and a throwaway database:
 * - readiness answers 503 through the edge's own exception filters while NATS is down, 200 once it is back;
 *   liveness stays 200;
 * - SIGTERM while HTTP requests are in flight: every one of them is answered by its service and the edge exits 0.
 *   The requests are held in flight by pausing sso-service (SIGSTOP); the NATS server's monitoring says when all
 *   of them have reached it, so the SIGTERM certainly finds them in flight.
 */
import { migrateService, serviceDatabase } from '@dcp/database';
import { type AppProcess, type PrivateInfra, buildApps, describeWithInfra, freePort, startApp, startPrivateInfra, waitForStatus } from '@dcp/testing';

jest.setTimeout(180_000);

/** Requests held in flight when the edge is terminated. */
const IN_FLIGHT = 40;

interface Connz {
  connections: { name?: string; out_msgs: number }[];
}

describeWithInfra(['postgres'], 'gateway-edge: probes and SIGTERM', () => {
  let infra: PrivateInfra | undefined;
  let monitorPort: number;
  let sso: AppProcess;
  const apps: AppProcess[] = [];

  const common = () => infra!.appEnv();

  async function startEdge(): Promise<{ edge: AppProcess; base: string }> {
    const [port, adminPort] = [await freePort(), await freePort()];
    // Requests wait for the paused service far longer than the default RPC timeout.
    // Alone, the edge needs an admin token of its own (SDA2).
    const edge = startApp('gateway-edge', { ...common(), PORT: String(port), ADMIN_PORT: String(adminPort), ADMIN_TOKEN: 'edge-lifecycle-admin-token', RPC_TIMEOUT_MS: '90000' });
    apps.push(edge);
    const base = `http://127.0.0.1:${port}`;
    await waitForStatus(`${base}/health/ready`, 200, edge);
    return { edge, base };
  }

  /** Messages the NATS server has delivered to sso-service's connection. */
  async function deliveredToSso(): Promise<number> {
    const res = await fetch(`http://127.0.0.1:${monitorPort}/connz`, { signal: AbortSignal.timeout(5_000) });
    const connz = (await res.json()) as Connz;
    return connz.connections.filter((c) => c.name === 'sso-service').reduce((n, c) => n + c.out_msgs, 0);
  }

  beforeAll(async () => {
    buildApps('gateway-edge', 'sso-service');
    monitorPort = await freePort();
    infra = await startPrivateInfra({ database: 'dcp_edge_lifecycle', natsArgs: ['-m', String(monitorPort)] });
    await migrateService(serviceDatabase('sso'), { kind: 'postgres', url: infra.databaseUrl });
    const healthPort = await freePort();
    sso = startApp('sso-service', { ...common(), HEALTH_PORT: String(healthPort) });
    apps.push(sso);
    await waitForStatus(`http://127.0.0.1:${healthPort}/health/ready`, 200, sso);
  });

  afterAll(async () => {
    // A paused process must run again to die of SIGKILL's exit bookkeeping promptly.
    if (sso?.child.exitCode === null) sso.child.kill('SIGCONT');
    await Promise.all(apps.map((a) => a.stop()));
    await infra?.close();
  });

  it('NATS down: /health/ready 503 with terminus body (not the edge envelope), /health/live 200; back up: 200', async () => {
    const { base, edge } = await startEdge();
    await infra!.stopNats();
    try {
      await waitForStatus(`${base}/health/ready`, 503, edge);
      const ready = await fetch(`${base}/health/ready`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({
        status: 503,
        body: expect.objectContaining({ status: 'error', error: expect.objectContaining({ events: expect.objectContaining({ status: 'down' }) }) }),
      });
      const live = await fetch(`${base}/health/live`);
      expect({ status: live.status, body: await live.json() }).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok' }) });
    } finally {
      await infra!.startNats();
    }
    await waitForStatus(`${base}/health/ready`, 200, edge);
  });

  it('SIGTERM with requests in flight: every one is answered by sso-service, then the edge exits 0', async () => {
    const { base, edge } = await startEdge();
    const before = await deliveredToSso();
    sso.child.kill('SIGSTOP');
    const answers = Array.from({ length: IN_FLIGHT }, (_, i) =>
      fetch(`${base}/sso/authorize_by_token`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-client-id': `client-${i}` }, body: '{}' }).then(
        async (res) => ({ status: res.status, body: (await res.json()) as { errorCode?: string } }),
        (err: unknown) => ({ status: 0, body: { errorCode: `transport: ${err instanceof Error ? err.message : String(err)}` } }),
      ),
    );
    try {
      // Wait (bounded) until the edge has forwarded every request: they are all in flight now.
      const deadline = Date.now() + 60_000;
      while ((await deliveredToSso()) < before + IN_FLIGHT) {
        if (Date.now() > deadline) throw new Error(`the edge did not forward ${IN_FLIGHT} requests within 60 s:\n${edge.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      edge.child.kill('SIGTERM');
    } finally {
      sso.child.kill('SIGCONT');
    }

    const results = await Promise.all(answers);
    // sso-service refuses the unsigned call (OP0041, the missing signature header): the answer came from the
    // service, not a 000099 of the edge or a dropped connection.
    const unanswered = results.filter((r) => r.body.errorCode !== 'OP0041');
    expect(unanswered).toEqual([]);
    const exit = await edge.exited;
    expect({ exit, output: exit.code === 0 ? '' : edge.output() }).toEqual({ exit: { code: 0, signal: null }, output: '' });
  });
});
