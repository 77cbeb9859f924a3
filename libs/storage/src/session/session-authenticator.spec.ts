import { DEVICE_RPC, ErrorCode, SSO_RPC } from '@dcp/contracts';
import { PlatformMetrics } from '@dcp/observability';
import { md5Hex } from '@dcp/signing';
import { FakeEventSubscriber, rejection } from '@dcp/testing';
import { FakeSessionServices } from '../test/fakes';
import { SessionAuthenticator } from './session-authenticator';
import { SESSION_FACTS_LIMITS, SessionFacts } from './session-facts';

describe('SessionAuthenticator', () => {
  let services: FakeSessionServices;
  /** The subject of each request, in order. */
  const asked = () => services.calls.map((c) => c.subject);
  let auth: SessionAuthenticator;
  let facts: SessionFacts;
  const timestamp = { raw: '1795651260', ms: 1_795_651_260_000, unit: 's' as const };
  const signed = (subtoken: string) => md5Hex(`${subtoken}1795651260`);
  const session = (macAddr: string, sessionToken: string) => ({ macAddr, timestamp, sessionToken });

  beforeEach(() => {
    services = new FakeSessionServices({ owners: [['0A1B2C3D4E5F', 7]], subtokens: [[7, 'SubtokenOfSeven'], [9, 'SubtokenOfNine']] });
    // The authenticator never starts the facts: no event subscription.
    facts = new SessionFacts(services, new FakeEventSubscriber(), new PlatformMetrics({ defaultMetrics: false }), { now: () => 1_000_000 }, SESSION_FACTS_LIMITS);
    auth = new SessionAuthenticator(facts);
  });

  it('returns the owner when sessionToken = MD5(owner\'s subtoken + timestamp); asks device-service, then sso-service', async () => {
    expect(await auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven')))).toBe(7);
    expect(asked()).toEqual([DEVICE_RPC.findDeviceOwner.subject, SSO_RPC.ssoUserSubtoken.subject]);
  });

  it('asks neither again for the next calls of that device (RP1)', async () => {
    for (let i = 0; i < 5; i++) expect(await auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven')))).toBe(7);
    expect(asked()).toEqual([DEVICE_RPC.findDeviceOwner.subject, SSO_RPC.ssoUserSubtoken.subject]);
  });

  it('030040 when the token does not match, also when the owner is known: device-service is asked again first', async () => {
    await auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven')));
    services.calls.length = 0;
    const err = await rejection(auth.authenticate(session('0A1B2C3D4E5F', md5Hex('SubtokenOfSeven1795651261'))));
    expect([err.code, err.failureDetails]).toEqual([ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH, expect.stringContaining('sessionToken does not match')]);
    expect(asked()).toEqual([DEVICE_RPC.findDeviceOwner.subject]);
  });

  it('a device that changed hands before its event arrived: the new owner is accepted at once, the previous one refused', async () => {
    await auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven')));
    services.owners.set('0A1B2C3D4E5F', 9);
    expect(await auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfNine')))).toBe(9);
    const previous = await rejection(auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven'))));
    expect(previous.code).toBe(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
  });

  it('020041 for a device nobody owns (sso-service is not asked) and for an owner whose account is gone', async () => {
    const none = await rejection(auth.authenticate(session('0A1B2C3D4E60', 'x')));
    expect([none.code, none.failureDetails]).toEqual([ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, 'device 0A1B2C3D4E60 has no owner']);
    expect(asked()).toEqual([DEVICE_RPC.findDeviceOwner.subject]);
    services.owners.set('0A1B2C3D4E61', 8);
    const deleted = await rejection(auth.authenticate(session('0A1B2C3D4E61', signed('x'))));
    expect(deleted.code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
  });

  it('020041 once the device is unbound, even when its owner was known (after the event dropped it, device-service says nobody)', async () => {
    await auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven')));
    services.owners.delete('0A1B2C3D4E5F');
    facts.forgetDevice('0A1B2C3D4E5F');
    expect((await rejection(auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven'))))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
  });

  it('020041 once the owner\'s account is deleted, even when the owner and subtoken were known (user.deleted dropped them)', async () => {
    await auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven')));
    services.subtokens.delete(7);
    facts.forgetUser(7);
    expect((await rejection(auth.authenticate(session('0A1B2C3D4E5F', signed('SubtokenOfSeven'))))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
  });

  it('currentOwner always asks device-service (playback and ingest, CS11, CS12)', async () => {
    expect(await auth.currentOwner('0A1B2C3D4E5F')).toBe(7);
    expect(await auth.currentOwner('0A1B2C3D4E5F')).toBe(7);
    expect(asked()).toEqual([DEVICE_RPC.findDeviceOwner.subject, DEVICE_RPC.findDeviceOwner.subject]);
  });
});
