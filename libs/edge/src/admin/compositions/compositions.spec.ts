import {
  ADMIN_LOOKUP_RPC,
  ERROR_CATALOG,
  ErrorCode,
  EVENT_CONSUMERS,
  OUTBOX_SERVICES,
  consumerLagContract,
  PERMISSION_RPC,
  PlatformError,
  type RpcContract,
  deviceLookupViewSchema,
  outboxBacklogContract,
} from '@dcp/contracts';
import { makeAdminDeviceView, makeAdminUserView } from '@dcp/testing';
import { type AdminRpc, answerRoute } from '../admin-composition';
import { ADMIN_ROUTES } from '../admin-routes';
import { consumerLags } from './consumer-lag';
import { lookUpDevice } from './device-lookup';
import { outboxBacklogs } from './outbox-backlog';
import { lookUpUser } from './user-lookup';

type Handler = (payload: Record<string, unknown>) => Promise<unknown>;

/** A bus whose services answer from `handlers` by subject; it records every call. */
function fakeRpc(handlers: Record<string, Handler>): AdminRpc & { calls: { subject: string; payload: Record<string, unknown> }[] } {
  const calls: { subject: string; payload: Record<string, unknown> }[] = [];
  return {
    calls,
    request: (async (contract: RpcContract, payload: Record<string, unknown>) => {
      calls.push({ subject: contract.subject, payload });
      const handler = handlers[contract.subject];
      if (!handler) throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `no responder on ${contract.subject}`);
      return contract.response.parse(await handler(payload));
    }) as AdminRpc['request'],
  };
}

/** The paging fields of a list's last page with `total` rows (libs/contracts/src/admin-paging.ts). */
const LAST_PAGE = (total: number) => ({ total, totalIsEstimate: false, nextCursor: null });

const device = makeAdminDeviceView({ macAddr: '06626E63FBA5', userId: 7 });
const user = makeAdminUserView({ userId: 7, openId: 'open-7', uuid: 'u-7' });
const currentService = { name: 'free 8-hour cloud storage', description: 'd', startTime: null, endTime: null, validity: '8 hours', status: 3, flag: 2 };
const recordings = { days: ['2026-11-24'], segments: 2, bytes: 100, firstStart: 1795651200, lastEnd: 1795651204, plan: { retentionDays: 7, planEndsAt: 1798243200000, graceEndsAt: 1798848000000 }, uploadedToday: { bytes: 376, segments: 2 } };

function deviceServices(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    [ADMIN_LOOKUP_RPC.getDevice.subject]: async () => device,
    [ADMIN_LOOKUP_RPC.getUser.subject]: async () => user,
    [ADMIN_LOOKUP_RPC.deviceGrants.subject]: async () => ({ items: [], ...LAST_PAGE(0) }),
    [ADMIN_LOOKUP_RPC.currentService.subject]: async () => currentService,
    [ADMIN_LOOKUP_RPC.recordingSummary.subject]: async () => recordings,
    ...overrides,
  };
}

const systemError = ERROR_CATALOG[ErrorCode.FC_SYSTEM_ERROR].value;

describe('GET /devices/{mac} composition', () => {
  it.each(['06626E63FBA5', '06:62:6e:63:fb:a5', '06-62-6E-63-FB-A5', '06626e63fba5'])('reads the device under its canonical MAC whatever the spelling (%s)', async (mac) => {
    const rpc = fakeRpc(deviceServices());
    const view = await lookUpDevice({ mac }, rpc);
    expect(rpc.calls[0]).toEqual({ subject: ADMIN_LOOKUP_RPC.getDevice.subject, payload: { macAddr: '06626E63FBA5' } });
    expect(view).toEqual({ device, owner: user, grants: { items: [], ...LAST_PAGE(0) }, currentService, recordings });
  });

  it('asks each part of the owner and device the root answered, with the page and supportStore', async () => {
    const rpc = fakeRpc(deviceServices());
    await lookUpDevice({ mac: '06626E63FBA5', limit: '5', offset: '10' }, rpc);
    const payloadOf = (c: RpcContract) => rpc.calls.find((call) => call.subject === c.subject)?.payload;
    expect(payloadOf(ADMIN_LOOKUP_RPC.getUser)).toEqual({ userId: 7 });
    expect(payloadOf(ADMIN_LOOKUP_RPC.deviceGrants)).toEqual({ userId: 7, macAddr: '06626E63FBA5', limit: 5, offset: 10 });
    expect(payloadOf(ADMIN_LOOKUP_RPC.currentService)).toEqual({ userId: 7, macAddr: '06626E63FBA5', supportStore: true });
    expect(payloadOf(ADMIN_LOOKUP_RPC.recordingSummary)).toEqual({ userId: 7, macAddr: '06626E63FBA5' });
  });

  it.each(['zz:zz', '06626E63FBA', '06:62-6E:63:FB:A5', ''])('refuses the malformed MAC %j naming mac, asking no service', async (mac) => {
    const rpc = fakeRpc(deviceServices());
    await expect(lookUpDevice({ mac }, rpc)).rejects.toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(/^invalid field mac:/) });
    expect(rpc.calls).toEqual([]);
  });

  it('refuses a bad page naming the parameter', async () => {
    const rpc = fakeRpc(deviceServices());
    await expect(lookUpDevice({ mac: '06626E63FBA5', limit: '0' }, rpc)).rejects.toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(/^invalid field limit:/) });
    await expect(lookUpDevice({ mac: '06626E63FBA5', offset: 'x' }, rpc)).rejects.toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(/^invalid field offset:/) });
  });

  it('answers the root\'s refusal as a whole: an unbound device is ADMIN_NOT_FOUND, nothing else asked', async () => {
    const rpc = fakeRpc(deviceServices({ [ADMIN_LOOKUP_RPC.getDevice.subject]: () => Promise.reject(new PlatformError(ErrorCode.ADMIN_NOT_FOUND, 'no device 06626E63FBA5 is bound')) }));
    await expect(lookUpDevice({ mac: '06626E63FBA5' }, rpc)).rejects.toMatchObject({ code: ErrorCode.ADMIN_NOT_FOUND });
    expect(rpc.calls).toHaveLength(1);
  });

  it('shows the other parts when one service does not answer: its part carries the platform error', async () => {
    const timeout = new PlatformError(ErrorCode.FC_SYSTEM_ERROR, 'storage did not answer dcp.rpc.storage.admin.recording-summary within 5000 ms');
    const rpc = fakeRpc(deviceServices({ [ADMIN_LOOKUP_RPC.recordingSummary.subject]: () => Promise.reject(timeout) }));
    const view = await lookUpDevice({ mac: '06626E63FBA5' }, rpc);
    expect(view.recordings).toEqual({ error: { errorCode: systemError, failureDetails: timeout.failureDetails } });
    expect(view.owner).toEqual(user);
    expect(view.currentService).toEqual(currentService);
    expect(deviceLookupViewSchema.parse(view)).toEqual(view);
  });

  it('never leaks an unexpected error\'s text into a part', async () => {
    const rpc = fakeRpc(deviceServices({ [ADMIN_LOOKUP_RPC.getUser.subject]: () => Promise.reject(new Error('connection string postgres://secret')) }));
    const view = await lookUpDevice({ mac: '06626E63FBA5' }, rpc);
    expect(view.owner).toEqual({ error: { errorCode: systemError, failureDetails: ERROR_CATALOG[ErrorCode.FC_SYSTEM_ERROR].text } });
  });
});

describe('GET /users/{openId} composition', () => {
  const services = (overrides: Record<string, Handler> = {}) =>
    fakeRpc({
      [ADMIN_LOOKUP_RPC.getUser.subject]: async () => user,
      [ADMIN_LOOKUP_RPC.listUserDevices.subject]: async () => ({ items: [device], ...LAST_PAGE(1) }),
      [PERMISSION_RPC.listGrants.subject]: async () => ({ items: [], ...LAST_PAGE(0) }),
      ...overrides,
    });

  it('reads the user by openId, then their devices by userId and grants by openId, one page each', async () => {
    const rpc = services();
    expect(await lookUpUser({ openId: 'open-7', limit: '20' }, rpc)).toEqual({ user, devices: { items: [device], ...LAST_PAGE(1) }, grants: { items: [], ...LAST_PAGE(0) } });
    expect(rpc.calls).toEqual([
      { subject: ADMIN_LOOKUP_RPC.getUser.subject, payload: { openId: 'open-7' } },
      { subject: ADMIN_LOOKUP_RPC.listUserDevices.subject, payload: { userId: 7, limit: 20 } },
      { subject: PERMISSION_RPC.listGrants.subject, payload: { openId: 'open-7', limit: 20 } },
    ]);
  });

  it('pages each list by its own cursor; a cursor its service refuses is the answer, named by the route\'s parameter', async () => {
    const rpc = services({
      [PERMISSION_RPC.listGrants.subject]: async (payload) => {
        if (payload.cursor === 'bad') throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, 'invalid field cursor: not a cursor this list answered (pass nextCursor exactly as it came)');
        return { items: [], ...LAST_PAGE(0) };
      },
    });
    await lookUpUser({ openId: 'open-7', limit: '5', devicesCursor: 'd1', grantsCursor: 'g1' }, rpc);
    expect(rpc.calls.slice(1).map((c) => [c.subject, c.payload.cursor])).toEqual([
      [ADMIN_LOOKUP_RPC.listUserDevices.subject, 'd1'],
      [PERMISSION_RPC.listGrants.subject, 'g1'],
    ]);
    await expect(lookUpUser({ openId: 'open-7', grantsCursor: 'bad' }, rpc)).rejects.toMatchObject({
      code: ErrorCode.ADMIN_VALIDATION_FAILED,
      failureDetails: 'invalid field grantsCursor: not a cursor this list answered (pass nextCursor exactly as it came)',
    });
    await expect(lookUpUser({ openId: 'open-7', offset: '10001' }, rpc)).rejects.toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(/^invalid field offset: must be at most 10000/) });
  });

  it('refuses an over-long openId naming it', async () => {
    await expect(lookUpUser({ openId: 'x'.repeat(41) }, services())).rejects.toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(/^invalid field openId:/) });
  });

  it('keeps the user when device-service fails', async () => {
    const rpc = services({ [ADMIN_LOOKUP_RPC.listUserDevices.subject]: () => Promise.reject(new PlatformError(ErrorCode.FC_SYSTEM_ERROR, 'device did not answer')) });
    const view = await lookUpUser({ openId: 'open-7' }, rpc);
    expect(view.user).toEqual(user);
    expect(view.devices).toEqual({ error: { errorCode: systemError, failureDetails: 'device did not answer' } });
  });
});

describe('GET /outbox composition', () => {
  it('lists every outbox service, one that does not answer with its error', async () => {
    const handlers: Record<string, Handler> = {};
    OUTBOX_SERVICES.forEach((service, i) => (handlers[outboxBacklogContract(service).subject] = async () => ({ pending: i, oldestAgeSeconds: i * 1.5 })));
    delete handlers[outboxBacklogContract('permission').subject];
    const view = await outboxBacklogs({}, fakeRpc(handlers));
    expect(view.services.map((s) => s.service)).toEqual([...OUTBOX_SERVICES]);
    expect(view.services.find((s) => s.service === 'sso')).toEqual({ service: 'sso', pending: 0, oldestAgeSeconds: 0 });
    expect(view.services.find((s) => s.service === 'device')).toEqual({ service: 'device', pending: 1, oldestAgeSeconds: 1.5 });
    expect(view.services.find((s) => s.service === 'permission')).toEqual({ service: 'permission', error: { errorCode: systemError, failureDetails: expect.stringContaining('dcp.rpc.permission.admin.outbox-backlog') } });
  });
});

describe('GET /consumers composition', () => {
  it('lists every event consumer with its lag and open dead letters, one that does not answer with its error', async () => {
    const handlers: Record<string, Handler> = {};
    EVENT_CONSUMERS.forEach(
      (service, i) =>
        (handlers[consumerLagContract(service).subject] = async () => ({ durable: `${service}-service`, pending: i, ackPending: 1, oldestPendingAgeSeconds: i * 2.5, redelivered: 0, deadLettersOpen: i })),
    );
    delete handlers[consumerLagContract('storage').subject];
    const view = await consumerLags({}, fakeRpc(handlers));
    expect(view.items.map((s) => s.service)).toEqual([...EVENT_CONSUMERS]);
    expect(view.items.find((s) => s.service === 'permission')).toEqual({
      service: 'permission',
      durable: 'permission-service',
      pending: 1,
      ackPending: 1,
      oldestPendingAgeSeconds: 2.5,
      redelivered: 0,
      deadLettersOpen: 1,
    });
    expect(view.items.find((s) => s.service === 'storage')).toEqual({ service: 'storage', error: { errorCode: systemError, failureDetails: expect.stringContaining('dcp.rpc.storage.admin.consumer-lag') } });
  });
});

describe('answerRoute', () => {
  it('checks a composed answer against the route\'s response schema', async () => {
    const route = ADMIN_ROUTES.find((r) => r.path === '/devices/{mac}' && r.method === 'GET')!;
    if (!('compose' in route) || !route.compose) throw new Error('GET /devices/{mac} is composed');
    const broken = fakeRpc(deviceServices({ [ADMIN_LOOKUP_RPC.getDevice.subject]: async () => device }));
    await expect(answerRoute({ ...route, compose: { ...route.compose, run: async () => ({ device }) } }, { mac: '06626E63FBA5' }, broken)).rejects.toThrow();
    expect(await answerRoute(route, { mac: '06626E63FBA5' }, broken)).toMatchObject({ device, owner: user });
  });

  it('forwards a contract route to its one contract', async () => {
    const route = ADMIN_ROUTES.find((r) => r.path === '/users' && r.method === 'GET')!;
    const rpc = fakeRpc({ [ADMIN_LOOKUP_RPC.searchUsers.subject]: async () => ({ items: [user], ...LAST_PAGE(1) }) });
    expect(route.contract).toBe(ADMIN_LOOKUP_RPC.searchUsers);
    expect(await answerRoute(route as Parameters<typeof answerRoute>[0], { uuid: 'u-7' }, rpc)).toEqual({ items: [user], ...LAST_PAGE(1) });
  });
});
