/**
 * The NATS users (tools/nats-auth): the committed k8s/base/nats-auth.conf is what the generator produces from the
 * contracts and the code, and the generator gives each app its own subjects only.
 */
import { NATS_AUTH_FILE } from '../nats-auth/generate';
import { liveEventSubjects, natsUsers, renderAuthorization, rpcSubjectsNamed } from '../nats-auth/nats-permissions';
import { read } from './workspace';

const users = new Map(natsUsers().map((u) => [u.user, u]));
const user = (name: string) => users.get(name)!;

describe('the generated NATS authorization', () => {
  it('is committed as the generator writes it (run `npm run nats:auth` after changing contracts or calls)', () => {
    expect(read(NATS_AUTH_FILE)).toBe(renderAuthorization());
  });

  it('finds the calls a service makes in its code, and only those', () => {
    // push-service asks device- and sso-service (decisions PS7–PS11), never storage-service.
    expect(rpcSubjectsNamed('push-service')).toEqual(expect.arrayContaining(['dcp.rpc.device.find-device-owner', 'dcp.rpc.sso.sign-merchant-call']));
    expect(user('push-service').publish.filter((s) => s.startsWith('dcp.rpc.storage.'))).toEqual([]);
    // firmware-service calls device-service only.
    expect(new Set(user('firmware-service').publish.filter((s) => s.startsWith('dcp.rpc.')).map((s) => s.split('.')[2]))).toEqual(new Set(['device']));
    expect(liveEventSubjects('storage-service')).toEqual(expect.arrayContaining(['dcp.device.device.bound.v1', 'dcp.sso.user.deleted.v1']));
    expect(liveEventSubjects('gateway-edge')).toEqual(['dcp.sso.user.deleted.v1']);
  });

  it('lets a service serve its own subjects, publish its own events and use its own durable and inbox only', () => {
    const sso = user('sso-service');
    expect(sso.subscribe).toEqual(expect.arrayContaining(['dcp.rpc.sso.>', '_INBOX.sso-service.>']));
    expect(sso.subscribe.some((s) => s.startsWith('dcp.gateway.'))).toBe(true);
    expect(sso.publish).toEqual(expect.arrayContaining(['dcp.sso.user.deleted.v1', '$JS.API.STREAM.INFO.DCP_EVENTS']));
    expect(sso.allowResponses).toBe(true);
    for (const u of users.values()) {
      const others = [...users.values()].filter((o) => o !== u);
      // Nobody subscribes to another's RPC subjects or inbox, publishes another's events, or drives another's durable.
      for (const o of others) {
        if (o.service !== 'edge') expect(u.subscribe).not.toContain(`dcp.rpc.${o.service}.>`);
        expect(u.subscribe).not.toContain(`_INBOX.${o.user}.>`);
        expect(u.publish.filter((s) => s.includes(`.${o.service}-service`) && s.startsWith('$JS.'))).toEqual([]);
        expect(u.publish.filter((s) => new RegExp(`^dcp\\.${o.service}\\.`).test(s))).toEqual([]);
      }
      // No full wildcard anywhere, no inbox of everyone.
      for (const s of [...u.publish, ...u.subscribe]) expect(['>', '*', '_INBOX.>', 'dcp.>', '$JS.API.>']).not.toContain(s);
    }
    // Only the edge calls gateway operations, and it serves nothing.
    expect([...users.values()].filter((u) => u.publish.includes('dcp.gateway.>')).map((u) => u.user)).toEqual(['gateway-edge']);
    expect(user('gateway-edge').subscribe.filter((s) => s.startsWith('dcp.rpc.') || s.startsWith('dcp.gateway.'))).toEqual([]);
  });

  it('gives a durable only to the services that consume events', () => {
    expect(user('device-service').publish).toContain('$JS.ACK.DCP_EVENTS.device-service.>');
    expect(user('firmware-service').publish.filter((s) => s.startsWith('$JS.ACK.'))).toEqual([]);
    expect(user('gateway-edge').publish.filter((s) => s.startsWith('$JS.API.CONSUMER.'))).toEqual([]);
  });
});
