import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniqueName } from '@dcp/testing';
import { loadConfig } from '../../config/config';
import { createRuntime } from '../../host/create-runtime';

const quiet = { log: () => undefined, error: () => undefined };

async function runtime() {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dcp-shutdown-')) });
  return createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('shutdown') } });
}

function check(rt: Awaited<ReturnType<typeof runtime>>, name: string) {
  const found = rt.health.entries().find(([n]) => n === name);
  if (!found) throw new Error(`no readiness check ${name}`);
  return found[1];
}

describe('createRuntime: its part of shutdown (HS1, HS2)', () => {
  it('readiness check "running" fails from the moment shutdown starts, before the bus has closed', async () => {
    const rt = await runtime();
    await expect(check(rt, 'running')()).resolves.toBeUndefined();
    let readyDuringHttpPhase: boolean | undefined;
    rt.shutdown.register('http', 'probe', async () => {
      readyDuringHttpPhase = await check(rt, 'running')().then(() => true, () => false);
    });
    await rt.shutdown.shutdown(quiet);
    expect(readyDuringHttpPhase).toBe(false);
  });

  it('stops the bus intake in the intake phase and closes the bus in the last phase', async () => {
    const rt = await runtime();
    rt.rpcServer.handle('dcp.rpc.sso.ping', async () => 'pong');
    await rt.openIntake();
    await expect(rt.rpcClient.requestRaw('dcp.rpc.sso.ping', {})).resolves.toBe('pong');
    const seen: string[] = [];
    rt.shutdown.register('outbox', 'probe', async () => {
      seen.push(await rt.rpcClient.requestRaw('dcp.rpc.sso.ping', {}).then(String, () => 'no handler'));
      seen.push(await rt.events.ping().then(() => 'bus open', () => 'bus closed'));
    });
    await expect(rt.shutdown.shutdown(quiet)).resolves.toBe(true);
    expect(seen).toEqual(['no handler', 'bus open']);
    await expect(rt.events.ping()).rejects.toThrow('closed');
  });
});
