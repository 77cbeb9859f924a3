/**
 * The NATS users of the platform and what each may publish and subscribe (k8s/README.md "NATS"), derived from
 * the contracts and the code rather than written by hand:
 *
 * - a service serves its RPC subjects (`dcp.rpc.<service>.>`) and the gateway operations it owns
 *   (GATEWAY_OPERATIONS `owner`), and replies to what it received (`allow_responses`);
 * - it calls exactly the RPC subjects its code names (`SSO_RPC.ssoFindUser`, … in the sources of the libs its app
 *   imports, comments aside); the edge calls everything (`dcp.rpc.>`, `dcp.gateway.>`);
 * - it publishes the events whose `source` it is (EVENTS), and listens live (`events.subscribe([EVENTS.x.subject…])`)
 *   only to the events its code names there;
 * - JetStream: every app ensures the stream (INFO, CREATE, UPDATE of DCP_EVENTS); a service of EVENT_CONSUMERS
 *   runs its durable `<service>-service` (create, info, pull, acks of that durable only) and reads the stream's
 *   messages by sequence for its lag (MSG.GET);
 * - replies come to `_INBOX.<user>.>` (userInboxPrefix), the only inbox it may subscribe to.
 *
 * `renderAuthorization()` is the server configuration (k8s/base/nats-auth.conf, written by `npm run nats:auth`);
 * tools/deploy-check/nats-auth.spec.ts fails when the committed file differs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as contracts from '@dcp/contracts';
import { EVENT_CONSUMERS, EVENT_STREAM, EVENTS, GATEWAY_OPERATIONS, type ServiceName } from '@dcp/contracts';
import { userInboxPrefix } from '@dcp/messaging';

/** The workspace (from tools/nats-auth, or from its build under dist/). */
export const ROOT = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'nx.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();

/** The apps that connect to NATS, each with the service name the contracts know it by. */
export const NATS_APPS: readonly { app: string; service: ServiceName }[] = [
  { app: 'gateway-edge', service: 'edge' },
  { app: 'sso-service', service: 'sso' },
  { app: 'device-service', service: 'device' },
  { app: 'permission-service', service: 'permission' },
  { app: 'storage-service', service: 'storage' },
  { app: 'firmware-service', service: 'firmware' },
  { app: 'push-service', service: 'push' },
];

export interface NatsUser {
  /** NATS user name: the app's name (also NATS_USER of its pods). */
  user: string;
  service: ServiceName;
  /** Environment variable of the NATS server holding this user's password (k8s: Secret device-cloud-nats). */
  passwordVariable: string;
  publish: string[];
  subscribe: string[];
  /** May publish to the reply subject of a request it received (it serves requests). */
  allowResponses: boolean;
}

export const passwordVariable = (app: string) => `NATS_PASSWORD_${app.toUpperCase().replace(/-/g, '_')}`;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(join(ROOT, rel)).isDirectory()) return name === 'test' || name === 'generated' ? [] : sourceFiles(rel);
    return rel.endsWith('.ts') && !/\.(spec|int\.spec|e2e-spec)\.ts$/.test(rel) ? [rel] : [];
  });
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The libs an app runs: its @dcp imports, followed through the libs' own (testing excluded). */
export function libsOfApp(app: string): string[] {
  const seen = new Set<string>();
  const visit = (files: string[]) => {
    for (const f of files)
      for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/from '@dcp\/([a-z-]+)'/g)) {
        if (m[1] === 'testing' || seen.has(m[1])) continue;
        seen.add(m[1]);
        visit(sourceFiles(`libs/${m[1]}/src`));
      }
  };
  visit(sourceFiles(`apps/${app}/src`));
  return [...seen].sort();
}

const sourcesOfApp = (app: string) => libsOfApp(app).flatMap((lib) => sourceFiles(`libs/${lib}/src`).map((f) => withoutComments(readFileSync(join(ROOT, f), 'utf8'))));

/** RPC subjects the app's code names: `<X>_RPC.<key>` of the contracts. */
export function rpcSubjectsNamed(app: string): string[] {
  const table = contracts as unknown as Record<string, Record<string, { subject?: string }> | undefined>;
  const out = new Set<string>();
  for (const text of sourcesOfApp(app))
    for (const m of text.matchAll(/\b([A-Z][A-Z_]*_RPC)\.([A-Za-z0-9_]+)\b/g)) {
      const subject = table[m[1]]?.[m[2]]?.subject;
      if (subject) out.add(subject);
    }
  return [...out].sort();
}

/** Event subjects the app's code listens to live: `.subscribe([EVENTS.x.subject, …]`. */
export function liveEventSubjects(app: string): string[] {
  const out = new Set<string>();
  for (const text of sourcesOfApp(app))
    for (const call of text.matchAll(/\.subscribe\(\s*\[([^\]]*)\]/g))
      for (const m of call[1].matchAll(/EVENTS\.(\w+)\.subject/g)) out.add(EVENTS[m[1] as keyof typeof EVENTS].subject);
  return [...out].sort();
}

export interface PermissionOptions {
  /** The event stream (default DCP_EVENTS). */
  stream?: string;
}

export function natsUsers(opts: PermissionOptions = {}): NatsUser[] {
  const stream = opts.stream ?? EVENT_STREAM;
  const jetStream = ['$JS.API.INFO', `$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.CREATE.${stream}`, `$JS.API.STREAM.UPDATE.${stream}`];
  return NATS_APPS.map(({ app, service }) => {
    const isEdge = service === 'edge';
    const durable = `${service}-service`;
    const consumes = (EVENT_CONSUMERS as readonly string[]).includes(service);
    const ownEvents = Object.values(EVENTS)
      .filter((e) => e.source === app)
      .map((e) => e.subject);
    const publish = [
      ...(isEdge ? ['dcp.rpc.>', 'dcp.gateway.>'] : rpcSubjectsNamed(app).filter((s) => !s.startsWith(`dcp.rpc.${service}.`))),
      ...ownEvents,
      ...jetStream,
      ...(consumes
        ? [
            `$JS.API.CONSUMER.CREATE.${stream}.${durable}`,
            `$JS.API.CONSUMER.CREATE.${stream}.${durable}.>`,
            `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
            `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
            `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
            `$JS.ACK.${stream}.${durable}.>`,
            // The consumer's lag (DurableConsumerHandle.lag: the oldest unacknowledged message's age).
            `$JS.API.STREAM.MSG.GET.${stream}`,
          ]
        : []),
    ];
    const owned = Object.values(GATEWAY_OPERATIONS)
      .filter((op) => op.owner === service)
      .map((op) => `dcp.gateway.${op.service}`)
      .sort();
    const subscribe = [...(isEdge ? [] : [`dcp.rpc.${service}.>`, ...owned]), ...liveEventSubjects(app), `${userInboxPrefix(app)}.>`];
    return { user: app, service, passwordVariable: passwordVariable(app), publish: [...new Set(publish)], subscribe: [...new Set(subscribe)], allowResponses: !isEdge };
  });
}

const quote = (s: string) => JSON.stringify(s);
const list = (items: string[], indent: string) => `[\n${items.map((i) => `${indent}  ${quote(i)}`).join('\n')}\n${indent}]`;

/** The server's `authorization { users }` block for these users; passwords come from the server's environment. */
export function renderAuthorization(users: NatsUser[] = natsUsers()): string {
  const header = [
    '# GENERATED by `npm run nats:auth` (tools/nats-auth/nats-permissions.ts) from the contracts and the code: do not',
    '# edit. One NATS user per app, allowed only its own subjects (k8s/README.md "NATS"); each password is read from',
    '# the server\'s environment (the Secret device-cloud-nats). tools/deploy-check/nats-auth.spec.ts fails when this',
    '# file differs from what the generator produces.',
  ];
  const blocks = users.map((u) =>
    [
      '    {',
      `      user: ${quote(u.user)}`,
      `      password: $${u.passwordVariable}`,
      '      permissions: {',
      `        publish: { allow: ${list(u.publish, '        ')} }`,
      `        subscribe: { allow: ${list(u.subscribe, '        ')} }`,
      ...(u.allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    ].join('\n'),
  );
  return `${header.join('\n')}\nauthorization {\n  users: [\n${blocks.join('\n')}\n  ]\n}\n`;
}
