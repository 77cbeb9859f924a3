import { DEVICE_RPC, EVENTS, SSO_RPC } from '@dcp/contracts';
import { PlatformMetrics } from '@dcp/observability';
import type { Clock } from '@dcp/runtime';
import { FakeEventSubscriber, makeEventEnvelope, makeUser, parsePrometheusText } from '@dcp/testing';
import { FakeSessionServices } from '../test/fakes';
import { SessionFacts, type SessionFactsLimits } from './session-facts';

const MAC = '0A1B2C3D4E5F';
const OTHER_MAC = '0A1B2C3D4E60';
const limits: SessionFactsLimits = { ownerTtlMs: 10_000, subtokenTtlMs: 600_000, maxDevices: 100, maxUsers: 100 };

/** device-service and sso-service as answered from maps, counting every request; and the live events. */
function world(overrides: Partial<SessionFactsLimits> = {}) {
  let now = 1_000_000;
  const clock: Clock = { now: () => now };
  const services = new FakeSessionServices({ owners: [[MAC, 7], [OTHER_MAC, 8]], subtokens: [[7, 'SubtokenOfSeven'], [8, 'SubtokenOfEight']] });
  const events = new FakeEventSubscriber();
  const metrics = new PlatformMetrics({ defaultMetrics: false });
  const facts = new SessionFacts(services, events, metrics, clock, { ...limits, ...overrides });
  return {
    facts,
    services,
    owners: services.owners,
    subtokens: services.subtokens,
    /** Each request as `<subject> <payload values>`. */
    asked: () => services.calls.map((c) => `${c.subject} ${Object.values(c.payload).join()}`),
    metrics,
    events,
    advance: (ms: number) => void (now += ms),
  };
}

const ownerAsked = (mac: string) => `${DEVICE_RPC.findDeviceOwner.subject} ${mac}`;
const subtokenAsked = (userId: number) => `${SSO_RPC.ssoUserSubtoken.subject} ${userId}`;

describe('SessionFacts', () => {
  it('keeps the owner device-service answered and the subtoken sso-service answered: asked once each', async () => {
    const w = world();
    expect(w.facts.knownOwner(MAC)).toBeUndefined();
    expect(await w.facts.currentOwner(MAC)).toBe(7);
    expect(await w.facts.subtoken(7)).toBe('SubtokenOfSeven');
    for (let i = 0; i < 3; i++) {
      expect(w.facts.knownOwner(MAC)).toBe(7);
      expect(await w.facts.subtoken(7)).toBe('SubtokenOfSeven');
    }
    expect(w.asked()).toEqual([ownerAsked(MAC), subtokenAsked(7)]);
  });

  it('keeps no "nobody owns it" and no "no account": both are asked again every time', async () => {
    const w = world();
    w.owners.delete(MAC);
    w.subtokens.delete(8);
    expect(await w.facts.currentOwner(MAC)).toBeUndefined();
    expect(w.facts.knownOwner(MAC)).toBeUndefined();
    expect(await w.facts.subtoken(8)).toBeNull();
    expect(await w.facts.subtoken(8)).toBeNull();
    expect(w.asked()).toEqual([ownerAsked(MAC), subtokenAsked(8), subtokenAsked(8)]);
  });

  it('subscribes to device.bound, device.unbound and user.deleted when started, and stops', async () => {
    const w = world();
    await w.facts.start();
    expect(w.events.subscribed).toEqual([EVENTS.deviceBound.subject, EVENTS.deviceUnbound.subject, EVENTS.userDeleted.subject]);
    await w.facts.stop();
    expect(w.events.stopped).toBe(true);
  });

  it.each([
    ['device.bound', makeEventEnvelope('deviceBound', { macAddr: MAC, userId: 9, oemCode: 'ACME' })],
    ['device.unbound', makeEventEnvelope('deviceUnbound', { macAddr: MAC, userId: 7, reason: 'user' })],
  ])('%s drops that device\'s owner, and only that one', async (_name, envelope) => {
    const w = world();
    await w.facts.start();
    await w.facts.currentOwner(MAC);
    await w.facts.currentOwner(OTHER_MAC);
    w.events.deliver(envelope);
    expect([w.facts.knownOwner(MAC), w.facts.knownOwner(OTHER_MAC)]).toEqual([undefined, 8]);
  });

  it('user.deleted drops the user\'s subtoken and every device kept as theirs; other users stay', async () => {
    const w = world();
    await w.facts.start();
    w.owners.set('0A1B2C3D4E61', 7);
    for (const mac of [MAC, OTHER_MAC, '0A1B2C3D4E61']) await w.facts.currentOwner(mac);
    await w.facts.subtoken(7);
    await w.facts.subtoken(8);
    w.events.deliver(makeEventEnvelope('userDeleted', makeUser({ userId: 7 })));
    expect([w.facts.knownOwner(MAC), w.facts.knownOwner('0A1B2C3D4E61'), w.facts.knownOwner(OTHER_MAC)]).toEqual([undefined, undefined, 8]);
    w.services.calls.length = 0;
    await w.facts.subtoken(7);
    await w.facts.subtoken(8);
    expect(w.asked()).toEqual([subtokenAsked(7)]);
  });

  it('forgetDevice and forgetUser (the durable reactions) drop the same facts as the events', async () => {
    const w = world();
    await w.facts.currentOwner(MAC);
    await w.facts.currentOwner(OTHER_MAC);
    await w.facts.subtoken(8);
    w.facts.forgetDevice(MAC);
    expect([w.facts.knownOwner(MAC), w.facts.knownOwner(OTHER_MAC)]).toEqual([undefined, 8]);
    w.facts.forgetUser(8);
    expect(w.facts.knownOwner(OTHER_MAC)).toBeUndefined();
    w.services.calls.length = 0;
    await w.facts.subtoken(8);
    expect(w.asked()).toEqual([subtokenAsked(8)]);
  });

  it('believes an owner for ownerTtlMs and a subtoken for subtokenTtlMs (the runtime clock), then asks again', async () => {
    const w = world();
    await w.facts.currentOwner(MAC);
    await w.facts.subtoken(7);
    w.advance(9_999);
    expect(w.facts.knownOwner(MAC)).toBe(7);
    w.advance(1);
    expect(w.facts.knownOwner(MAC)).toBeUndefined();
    w.advance(600_000 - 10_001);
    w.services.calls.length = 0;
    await w.facts.subtoken(7);
    expect(w.asked()).toEqual([]);
    w.advance(1);
    await w.facts.subtoken(7);
    expect(w.asked()).toEqual([subtokenAsked(7)]);
  });

  it('keeps at most maxDevices owners and maxUsers subtokens, dropping the least recently used', async () => {
    const w = world({ maxDevices: 1, maxUsers: 1 });
    await w.facts.currentOwner(MAC);
    await w.facts.currentOwner(OTHER_MAC);
    expect([w.facts.knownOwner(MAC), w.facts.knownOwner(OTHER_MAC)]).toEqual([undefined, 8]);
    await w.facts.subtoken(7);
    await w.facts.subtoken(8);
    w.services.calls.length = 0;
    await w.facts.subtoken(7);
    expect(w.asked()).toEqual([subtokenAsked(7)]);
  });

  it('does not keep an answer asked for before a drop and arriving after it (an unbind overtaking the lookup)', async () => {
    const w = world();
    let answer!: () => void;
    w.services.hold(new Promise<void>((resolve) => (answer = resolve)));
    const ownerLookup = w.facts.currentOwner(MAC);
    w.facts.forgetDevice(MAC);
    answer();
    expect(await ownerLookup).toBe(7); // this call's own answer
    expect(w.facts.knownOwner(MAC)).toBeUndefined(); // but not believed afterwards
    w.services.hold(new Promise<void>((resolve) => (answer = resolve)));
    const subtokenLookup = w.facts.subtoken(7);
    w.facts.forgetUser(7);
    answer();
    await subtokenLookup;
    w.services.calls.length = 0;
    await w.facts.subtoken(7);
    expect(w.asked()).toEqual([subtokenAsked(7)]);
  });

  it('counts each lookup as a hit or a miss per fact (dcp_storage_session_cache_{hits,misses}_total{fact})', async () => {
    const w = world();
    w.facts.knownOwner(MAC);
    await w.facts.currentOwner(MAC);
    w.facts.knownOwner(MAC);
    w.facts.knownOwner(MAC);
    await w.facts.subtoken(7);
    await w.facts.subtoken(7);
    const scrape = parsePrometheusText(await w.metrics.render());
    const value = (name: string, fact: string) => scrape.find(name).find((s) => s.labels.fact === fact)?.value;
    expect([value('dcp_storage_session_cache_hits_total', 'owner'), value('dcp_storage_session_cache_misses_total', 'owner')]).toEqual([2, 1]);
    expect([value('dcp_storage_session_cache_hits_total', 'subtoken'), value('dcp_storage_session_cache_misses_total', 'subtoken')]).toEqual([1, 1]);
  });
});
