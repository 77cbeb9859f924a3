import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { infraRequired } from '@dcp/testing';
import { recordingLogger } from '../test/helpers';
import { ensureStream } from './stream';

/**
 * EVENT_STREAM_REPLICAS on a real JetStream cluster (docs/decisions.md K8-8): three nats-server processes,
 * as k8s/base/nats.yaml runs them, and a stream created with one replica then raised to three in place.
 * CI installs Debian's nats-server (.ci/run): with REQUIRE_INFRA=1 a missing binary fails.
 */
const binary = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'].find(existsSync);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(what: string, attempt: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const suite = binary || infraRequired ? describe : describe.skip;
if (!binary && !infraRequired) process.stderr.write('\n*** SKIPPED "event stream replicas on a JetStream cluster": no nats-server binary. Set REQUIRE_INFRA=1 to make this a failure. ***\n');

suite('event stream replicas on a JetStream cluster of three', () => {
  const servers: ChildProcess[] = [];
  let dir = '';
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    if (!binary) throw new Error('REQUIRE_INFRA=1 but no nats-server binary (apt-get install nats-server)');
    dir = mkdtempSync(join(tmpdir(), 'nats-cluster-'));
    const clientPorts = [await freePort(), await freePort(), await freePort()];
    const routePorts = [await freePort(), await freePort(), await freePort()];
    const routes = routePorts.map((p) => `nats://127.0.0.1:${p}`).join(', ');
    for (let i = 0; i < 3; i++) {
      const conf = join(dir, `n${i}.conf`);
      writeFileSync(
        conf,
        `server_name: n${i}\nlisten: 127.0.0.1:${clientPorts[i]}\njetstream { store_dir: "${join(dir, `d${i}`)}" }\ncluster { name: test, listen: 127.0.0.1:${routePorts[i]}, routes: [${routes}] }\n`,
      );
      servers.push(spawn(binary, ['-c', conf], { stdio: 'ignore' }));
    }
    nc = await waitFor('connected', () => connect({ servers: clientPorts.map((p) => `nats://127.0.0.1:${p}`) }));
    // JetStream answers once the three servers see each other and have elected a meta leader.
    jsm = await waitFor('JetStream cluster ready', () => jetstreamManager(nc, { timeout: 2_000 }));
  }, 40_000);

  afterAll(async () => {
    await nc?.close();
    // Each server writes its store until it has exited: removing the folder before that fails (ENOTEMPTY).
    await Promise.all(servers.map((s) => (s.exitCode !== null || s.signalCode !== null ? undefined : new Promise((resolve) => s.once('exit', resolve).kill()))));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('raises an existing stream from one replica to three in place, keeping its messages', async () => {
    const logger = recordingLogger();
    const settings = { name: 'REPLICAS_CLUSTER', subjects: ['replicas.>'] };
    const created = await waitFor('stream created', () => ensureStream(jsm, { ...settings, replicas: 1 }, logger));
    expect(created.config.num_replicas).toBe(1);
    await jetstream(nc).publish('replicas.one', 'kept');

    const raised = await ensureStream(jsm, { ...settings, replicas: 3 }, logger);
    expect(raised.config.num_replicas).toBe(3);
    const info = await waitFor('three replicas current', async () => {
      const i = await jsm.streams.info(settings.name);
      if ((i.cluster?.replicas ?? []).filter((r) => r.current).length !== 2) throw new Error('replicas not current yet');
      return i;
    });
    expect(info.state.messages).toBe(1);
  }, 40_000);
});
