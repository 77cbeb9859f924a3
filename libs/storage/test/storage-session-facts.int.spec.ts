/**
 * Stream-call authentication on the facts storage-service keeps (decisions RP1–RP3), with the module run as a
 * host runs it: repeated calls ask the stand-in device-service and sso-service once; a device that changed
 * hands is answered for its new owner at once; once device.unbound or user.deleted is applied, the previous
 * owner's sessionToken is refused; an event that is late or that this replica never got is bounded by the TTLs.
 */
import { ErrorCode, type GatewayResult, gatewaySubject } from '@dcp/contracts';
import { md5Hex } from '@dcp/signing';
import { describeWithInfra, rejection } from '@dcp/testing';
import { SESSION_FACTS_LIMITS } from '../src/session/session-facts';
import { type StorageHarness, newMac, newUserId, startStorageHarness } from './storage-harness';

describeWithInfra(['postgres'], 'storage: stream calls on kept owners and subtokens (PostgreSQL)', () => {
  let h: StorageHarness;
  const ownerLookups: string[] = [];
  const subtokenLookups: number[] = [];

  beforeAll(async () => {
    h = await startStorageHarness();
    h.onOwnerLookup = (mac) => ownerLookups.push(mac);
    h.onSubtokenLookup = (userId) => subtokenLookups.push(userId);
  });
  afterAll(async () => h?.close());
  beforeEach(() => {
    ownerLookups.length = 0;
    subtokenLookups.length = 0;
  });

  /** A stream call as the edge forwards it, signed with the stand-in subtoken of `signer`. */
  const stream = async (service: string, devId: string, signer: number): Promise<GatewayResult> => {
    const timestamp = String(Math.floor(h.clock.now() / 1000) + 60);
    const nowS = Math.floor(h.clock.now() / 1000);
    const params = { devId, timestamp, sessionToken: md5Hex(`subtoken-${signer}${timestamp}`), version: '1.0', recordSt: String(nowS - 600), recordEt: String(nowS) };
    return (await h.runtime.rpcClient.requestRaw(gatewaySubject(service), { service, params })) as GatewayResult;
  };
  const refusal = async (service: string, devId: string, signer: number) => (await rejection(stream(service, devId, signer))).code;

  it('record.play, record.query and record.date.query, again and again: device-service and sso-service are asked once', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    for (let round = 0; round < 3; round++) {
      expect((await stream('record.query', mac, owner)).extra).toEqual({ recordList: [] });
      expect((await stream('record.date.query', mac, owner)).extra).toEqual({ dateList: [] });
      // Authenticated, then no recording in the window: 000006 naming recordSt (CS8).
      expect((await rejection(stream('record.play', mac, owner))).failureDetails).toContain('recordSt');
    }
    expect([ownerLookups, subtokenLookups]).toEqual([[mac], [owner]]);
  });

  it('a device bound to another user before the event arrives: the new owner is answered at once, the previous one refused', async () => {
    const mac = newMac();
    const [previous, next] = [newUserId(), newUserId()];
    h.bind(mac, previous);
    await stream('record.query', mac, previous);
    h.bind(mac, next);
    expect((await stream('record.query', mac, next)).extra).toEqual({ recordList: [] });
    expect(await refusal('record.query', mac, previous)).toBe(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
  });

  it('once device.unbound is applied, the previous owner\'s sessionToken is refused (020041) on record.play and record.query', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    await stream('record.query', mac, owner);
    h.bind(mac, undefined);
    expect(await h.deliver('deviceUnbound', { macAddr: mac, userId: owner, reason: 'user' })).toBe('applied');
    for (const service of ['record.play', 'record.query', 'record.date.query']) expect(await refusal(service, mac, owner)).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
  });

  it('once user.deleted is applied, the user\'s sessionTokens are refused (020041) on every device, before device-service unbinds them', async () => {
    const [a, b] = [newMac(), newMac()];
    const gone = newUserId();
    const kept = newUserId();
    const keptMac = newMac();
    for (const mac of [a, b]) h.bind(mac, gone);
    h.bind(keptMac, kept);
    for (const [mac, user] of [[a, gone], [b, gone], [keptMac, kept]] as const) await stream('record.query', mac, user);
    // sso-service deleted the account; device-service has not unbound its devices yet.
    h.removeAccount(gone);
    expect(await h.deliver('userDeleted', { userId: gone, openId: `o${gone}`, clientId: 'c', uuid: `u${gone}` })).toBe('applied');
    for (const mac of [a, b]) {
      expect(await refusal('record.play', mac, gone)).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
      expect(await refusal('record.query', mac, gone)).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    }
    ownerLookups.length = 0;
    subtokenLookups.length = 0;
    expect((await stream('record.query', keptMac, kept)).extra).toEqual({ recordList: [] });
    expect([ownerLookups, subtokenLookups]).toEqual([[], []]);
  });

  it('an unbind whose event this replica never gets: the previous owner is accepted at most for the owner TTL', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    // The platform's time stands still, so only the spec decides when the TTL is over.
    h.clock.freeze();
    try {
      await stream('record.query', mac, owner);
      h.bind(mac, undefined);
      h.clock.advance((SESSION_FACTS_LIMITS.ownerTtlMs - 1) / 1000);
      expect((await stream('record.query', mac, owner)).extra).toEqual({ recordList: [] });
      h.clock.advance(1 / 1000);
      expect(await refusal('record.query', mac, owner)).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    } finally {
      h.clock.resume();
    }
  });

  it('a user deletion whose event is late (device-service still names the user): accepted at most for the subtoken TTL', async () => {
    const mac = newMac();
    const gone = newUserId();
    h.bind(mac, gone);
    h.clock.freeze();
    try {
      await stream('record.query', mac, gone);
      h.removeAccount(gone);
      h.clock.advance((SESSION_FACTS_LIMITS.subtokenTtlMs - 1) / 1000);
      expect((await stream('record.query', mac, gone)).extra).toEqual({ recordList: [] });
      h.clock.advance(1 / 1000);
      expect(await refusal('record.query', mac, gone)).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    } finally {
      h.clock.resume();
    }
  });
});
