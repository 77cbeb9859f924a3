/**
 * Test data factories for shapes every service shares (@dcp/contracts): one `makeX(overrides)` per record, valid
 * defaults, unique where uniqueness matters. Each lib keeps the factories of its own domain records in
 * `libs/<lib>/src/test/factories.ts`, in the same style.
 *
 *   const ann = makeUser({ userId: 1 });
 *   const call = makeUserCall('addOemDevice', ann, { macAddr: 'AABBCCDDEE01', ... });
 *   bus.deliver(makeEventEnvelope('userDeleted', { userId: 1, openId: ann.openId, clientId: ann.clientId, uuid: ann.uuid }));
 */
import {
  type AdminDeviceView,
  type AdminUserView,
  type AuthenticatedUser,
  type CallOf,
  EVENTS,
  type EventEnvelope,
  type EventKey,
  type EventPayload,
  type EventSubject,
  type GatewayOperations,
  type OperationKey,
  callFromWire,
  identityOf,
} from '@dcp/contracts';

let nextUserId = 1000;
let nextEventId = 1;
let nextMac = 1;

/** A canonical MAC (12 upper-case hex digits) no other call returns: `D0C0FFxxxxxx`. */
export function makeMac(): string {
  return `D0C0FF${(nextMac++).toString(16).toUpperCase().padStart(6, '0')}`;
}

/**
 * A signed-in user. openId and uuid follow the userId (`open-7`, `uuid-7`), so two users made with the same
 * userId are equal; without a userId each call makes a new user (ids from 1000 on, clear of the small ids specs pick).
 */
export function makeUser(overrides: Partial<AuthenticatedUser> = {}): AuthenticatedUser {
  const userId = overrides.userId ?? nextUserId++;
  return { userId, openId: `open-${userId}`, clientId: 'client', uuid: `uuid-${userId}`, ...overrides };
}

/** The wire parameters of catalogue entry `K` (each as sent, a string), the user's identity excepted. */
export type WireParamsOf<K extends OperationKey> = { readonly [P in keyof GatewayOperations[K]['params']]?: string };

/**
 * The typed call a user-scoped operation's handler receives from `user` for wire parameters `params`, with the
 * identity the edge forwards (identityOf): parsed and refused by the catalogue exactly as the owning service parses them.
 */
export function makeUserCall<K extends OperationKey>(key: K, user: AuthenticatedUser = makeUser(), params: WireParamsOf<K> = {}): CallOf<K> {
  return callFromWire(key, { ...identityOf(user), ...(params as Record<string, string>) }, user);
}

/** An envelope of event `key` carrying `data`, as the outbox relay publishes it (a fresh id each time). */
export function makeEventEnvelope<K extends EventKey>(key: K, data: EventPayload<K>, overrides: Partial<Omit<EventEnvelope<K>, 'type' | 'data'>> = {}): EventEnvelope<K> {
  const id = `00000000-0000-4000-8000-${String(nextEventId++).padStart(12, '0')}`;
  return { id, type: EVENTS[key].subject, occurredAt: new Date(0).toISOString(), source: EVENTS[key].source, data, ...overrides };
}

/** A device as operators see it (device-service's admin lookup): a fresh MAC, bound to `makeUser`'s user 1000 unless given. */
export function makeAdminDeviceView(overrides: Partial<AdminDeviceView> = {}): AdminDeviceView {
  return {
    macAddr: makeMac(),
    userId: 1000,
    deviceName: 'Front door',
    productName: 'DoorCam 3',
    oemCode: 'ACME',
    manufacturerName: 'Acme',
    username: 'admin',
    hasusertag: 2,
    supportStore: 1,
    supportRichMedia: 0,
    boundAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

/** A shadow user as operators see it (sso-service's admin lookup); openId and uuid follow the userId as in makeUser. */
export function makeAdminUserView(overrides: Partial<AdminUserView> = {}): AdminUserView {
  const userId = overrides.userId ?? nextUserId++;
  return {
    userId,
    openId: `open-${userId}`,
    uuid: `uuid-${userId}`,
    username: `user${userId}@example.com`,
    name: 'Ann',
    merchant: { clientId: 'client', name: 'Acme Cameras' },
    createdAt: '2026-11-24T07:00:00.000Z',
    updatedAt: '2026-11-24T07:00:00.000Z',
    lastSignInAt: '2026-11-24T07:00:00.000Z',
    ...overrides,
  };
}

/**
 * An event bus's `subscribe` (what caches and reactions that listen "from now" depend on) in memory: keeps the
 * subjects asked for and the handler, delivers envelopes to it synchronously, and tells whether it was stopped.
 */
export class FakeEventSubscriber {
  readonly subscribed: EventSubject[] = [];
  stopped = false;
  private handler?: (envelope: EventEnvelope) => void;
  private onGap?: () => void;

  async subscribe(subjects: EventSubject[], handler: (envelope: EventEnvelope) => void, onGap?: () => void): Promise<{ stop(): Promise<void> }> {
    this.subscribed.push(...subjects);
    this.handler = handler;
    this.onGap = onGap;
    return { stop: async () => void (this.stopped = true) };
  }

  /** The connection went down, as the NATS bus tells its subscribers (events may have been missed). */
  gap(): void {
    this.onGap?.();
  }

  /** Hands `envelope` to the subscribed handler; throws when nothing subscribed yet. */
  deliver(envelope: EventEnvelope): void {
    if (!this.handler) throw new Error(`no subscriber for ${envelope.type}`);
    this.handler(envelope);
  }
}
