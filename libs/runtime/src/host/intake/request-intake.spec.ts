import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SSO_RPC } from '@dcp/contracts';
import type { RpcServer } from '@dcp/messaging';
import { uniqueName } from '@dcp/testing';
import { loadConfig } from '../../config/config';
import { createRuntime } from '../create-runtime';
import { INTAKE_CHECK } from './open-intake-when-ready';
import { RequestIntake } from './request-intake';

/** A bus server that records what reached it. */
function recordingBus(): RpcServer & { subjects: string[] } {
  const subjects: string[] = [];
  return {
    subjects,
    handle: (subject) => void subjects.push(subject),
    handleContract: (contract) => void subjects.push(contract.subject),
  };
}

describe('RequestIntake (SDF1)', () => {
  it('hands nothing to the bus before open(), then every registration in the order it was made', () => {
    const bus = recordingBus();
    const intake = new RequestIntake(bus);
    intake.handle('dcp.gateway.device', async () => undefined, { queue: 'device' });
    intake.handleContract(SSO_RPC.ssoFindUser, async () => ({ user: null }));
    expect(bus.subjects).toEqual([]);
    expect(intake.isOpen).toBe(false);

    intake.open();
    expect(bus.subjects).toEqual(['dcp.gateway.device', SSO_RPC.ssoFindUser.subject]);
    intake.handle('dcp.rpc.device.late', async () => undefined);
    expect(bus.subjects).toEqual(['dcp.gateway.device', SSO_RPC.ssoFindUser.subject, 'dcp.rpc.device.late']);
    intake.open();
    expect(bus.subjects).toHaveLength(3);
  });

  it('refuses a second handler for one subject when it is registered, not later at open()', () => {
    const intake = new RequestIntake(recordingBus());
    intake.handle('dcp.rpc.device.x', async () => undefined);
    expect(() => intake.handle('dcp.rpc.device.x', async () => undefined)).toThrow('a handler for dcp.rpc.device.x is already registered');
  });

  it('never subscribes what it still holds once shutdown closed it', () => {
    const bus = recordingBus();
    const intake = new RequestIntake(bus);
    intake.handle('dcp.rpc.device.x', async () => undefined);
    intake.close();
    intake.open();
    intake.handle('dcp.rpc.device.y', async () => undefined);
    expect(bus.subjects).toEqual([]);
    expect(intake.isOpen).toBe(false);
  });
});

describe('createRuntime: the request intake (SDF1)', () => {
  async function runtime() {
    // A timeout no spec outlives: a request answered at all before open() was refused at once, not timed out.
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dcp-intake-')), RPC_TIMEOUT_MS: '120000' });
    return createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('intake') } });
  }
  const check = (rt: Awaited<ReturnType<typeof runtime>>) => rt.health.entries().find(([n]) => n === INTAKE_CHECK)![1];
  const quiet = { log: () => undefined, error: () => undefined };

  it('a request before openIntake() is refused at once with 000099 and readiness names the intake; after it, answered', async () => {
    const rt = await runtime();
    try {
      rt.rpcServer.handle('dcp.rpc.sso.ping', async () => 'pong');
      await expect(rt.rpcClient.requestRaw('dcp.rpc.sso.ping', {})).rejects.toMatchObject({ value: '000099', message: expect.stringContaining('did not answer') });
      await expect(check(rt)()).rejects.toThrow('not subscribed yet');

      await rt.openIntake();
      await expect(rt.rpcClient.requestRaw('dcp.rpc.sso.ping', {})).resolves.toBe('pong');
      await expect(check(rt)()).resolves.toBeUndefined();
    } finally {
      await rt.shutdown.shutdown(quiet);
    }
  });

  it('shutdown during start-up: the held subjects are never subscribed', async () => {
    const rt = await runtime();
    rt.rpcServer.handle('dcp.rpc.sso.ping', async () => 'pong');
    const seen: string[] = [];
    rt.shutdown.register('outbox', 'probe', async () => {
      await rt.openIntake();
      seen.push(await rt.rpcClient.requestRaw('dcp.rpc.sso.ping', {}).then(String, () => 'no handler'));
    });
    await expect(rt.shutdown.shutdown(quiet)).resolves.toBe(true);
    expect(seen).toEqual(['no handler']);
  });
});
