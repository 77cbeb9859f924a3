#!/usr/bin/env node
// Writes the files the README's "How to add …" lists name, so that the lists and the code cannot drift
// (tools/scaffold/scaffold.spec.ts runs it in a copy of the workspace and proves the result compiles and is served).
//
//   npm run scaffold -- operation <owner> <key> <service> "<summary>" [--post]
//       a user-scoped gateway operation: its catalogue entry, one decorated use case listed in the owner's
//       barrel, its end-to-end spec (both modes) and its answer in the public-API spec
//   npm run scaffold -- reaction <service> <eventKey>
//       one decorated reaction of <service>'s durable consumer, listed in its barrel
//   npm run scaffold -- project <apps|libs> <name> <scope> <type>
//       a project's project.json and jest config
//
// Every file it changes it names; it refuses rather than overwrite anything.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVICES = ['sso', 'device', 'permission', 'storage', 'firmware', 'push'];
const EVENT_KEYS = ['userUpdated', 'userDeleted', 'deviceBound', 'deviceUnbound', 'grantRevoked'];

class ScaffoldError extends Error {}

const kebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const pascal = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Edits and new files, applied together at the end so a refusal leaves the workspace untouched. */
class Changes {
  constructor(root) {
    this.root = root;
    this.files = new Map();
  }
  read(path) {
    return this.files.get(path) ?? readFileSync(join(this.root, path), 'utf8');
  }
  create(path, text) {
    if (existsSync(join(this.root, path)) || this.files.has(path)) throw new ScaffoldError(`${path} exists already`);
    this.files.set(path, text);
  }
  /** Inserts `text` before the first match of `anchor` (a string that must occur once). */
  insertBefore(path, anchor, text) {
    const source = this.read(path);
    const at = source.indexOf(anchor);
    if (at < 0 || source.indexOf(anchor, at + 1) >= 0) throw new ScaffoldError(`${path}: expected "${anchor.trim()}" exactly once`);
    this.files.set(path, source.slice(0, at) + text + source.slice(at));
  }
  apply() {
    for (const [path, text] of this.files) {
      mkdirSync(dirname(join(this.root, path)), { recursive: true });
      writeFileSync(join(this.root, path), text);
    }
    return [...this.files.keys()];
  }
}

/** The `import { … } from '<from>';` line for `name` after the file's last import. */
function addImport(changes, path, name, from) {
  const source = changes.read(path);
  const imports = [...source.matchAll(/^import [^;]+;$/gm)];
  const last = imports.at(-1);
  const line = `import { ${name} } from '${from}';\n`;
  const at = last ? last.index + last[0].length + 1 : 0;
  changes.files.set(path, source.slice(0, at) + line + source.slice(at));
}

export function scaffoldOperation(root, { owner, key, service, summary, method = 'GET' }) {
  if (!SERVICES.includes(owner)) throw new ScaffoldError(`owner must be one of ${SERVICES.join(', ')}`);
  if (!/^[a-z][A-Za-z0-9]*$/.test(key)) throw new ScaffoldError('key: a camelCase identifier (the catalogue key, e.g. listShares)');
  if (!/^[a-z][a-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/.test(service)) throw new ScaffoldError('service: the dotted name apps send (e.g. user_share.list)');
  if (!summary || /['\\\n]/.test(summary)) throw new ScaffoldError('summary: one line, no quotes or backslashes');
  const changes = new Changes(root);
  const catalogue = 'libs/contracts/src/gateway-catalog.ts';
  if (changes.read(catalogue).includes(`service: '${service}',`)) throw new ScaffoldError(`${service} is in the catalogue already`);
  changes.insertBefore(
    catalogue,
    '} as const;\n\nexport type GatewayOperations',
    `  ${key}: userOperation({
    service: '${service}',
    method: '${method}',
    owner: '${owner}',
    summary: '${summary}',
    params: {},
    errors: [],
    response: z.object({ data: z.object({ openId: z.string().describe('The openId of the user who asked.') }) }),
  }),
`,
  );

  const useCase = `${pascal(key)}UseCase`;
  const useCasePath = `libs/${owner}/src/${kebab(key)}/${kebab(key)}.use-case.ts`;
  changes.create(
    useCasePath,
    `/** ${service}: ${summary} */
import { Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { ServesOperation } from '@dcp/runtime';

@Injectable()
export class ${useCase} {
  @ServesOperation('${key}')
  async execute({ user }: CallOf<'${key}'>): Promise<GatewayResult> {
    return { data: { openId: user.openId } };
  }
}
`,
  );
  const barrel = `libs/${owner}/src/${owner}.entry-points.ts`;
  changes.insertBefore(barrel, `];\n\nexport const ${owner.toUpperCase()}_`, `  ${useCase},\n`);
  addImport(changes, barrel, useCase, `./${kebab(key)}/${kebab(key)}.use-case`);

  const call = method === 'GET' ? 'get' : 'post';
  changes.create(
    `apps/platform/test/${kebab(key)}.e2e.spec.ts`,
    `/** ${service} as a merchant's app calls it (signed in, the envelope), in embedded mode and against real PostgreSQL + NATS. */
import { describeWithInfra } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { MerchantApp } from './merchant-app';

function suite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;
  beforeAll(async () => {
    t = await startTestPlatform(mode);
    merchant = await MerchantApp.register(t);
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
  });

  it('answers the signed-in user', async () => {
    const user = await merchant.signIn('Scaffold User');
    const res = await merchant.${call}('${service}', user.credentials);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errorCode: '', failureDetails: '', data: { openId: user.credentials.openId } });
  });

  it('is described in the public API document', async () => {
    const doc = (await (await fetch(\`\${t.baseUrl}/openapi.json\`)).json()) as { components: { schemas: Record<string, { title?: string }> } };
    // Its answer (and a POST's body) is a schema titled with its service.
    const described = Object.values(doc.components.schemas).filter((s) => s.title === '${service}');
    expect(described.length).toBeGreaterThan(0);
  });

  it('refuses a wrong access token with the platform code', async () => {
    const user = await merchant.signIn('Scaffold Stranger');
    const res = await merchant.${call}('${service}', { ...user.credentials, accessToken: 'wrong' });
    expect(res.body.errorCode).toBe('030040');
  });
}

describe('${service} (embedded)', () => suite('embedded'));
describeWithInfra(['postgres', 'nats'], '${service} (distributed: PostgreSQL + NATS)', () => suite('distributed'));
`,
  );
  changes.insertBefore(
    'apps/platform/test/public-api.e2e.spec.ts',
    '      // Adding a catalogue entry means showing its real answer here.',
    `      check('${key}', await merchant.${call}('${service}', user));\n\n`,
  );
  return changes.apply();
}

export function scaffoldReaction(root, { service, event }) {
  if (!SERVICES.includes(service)) throw new ScaffoldError(`service must be one of ${SERVICES.join(', ')}`);
  if (!EVENT_KEYS.includes(event)) throw new ScaffoldError(`event must be one of ${EVENT_KEYS.join(', ')} (EVENTS in libs/contracts/src/events.ts)`);
  const changes = new Changes(root);
  const barrel = `libs/${service}/src/${service}.entry-points.ts`;
  const listName = `${service.toUpperCase()}_REACTIONS`;
  const reaction = `${pascal(event)}Reaction`;
  const path = `libs/${service}/src/reactions/${kebab(event)}.reaction.ts`;
  const tx = `${pascal(service)}Transaction`;
  changes.create(
    path,
    `/**
 * ${service}-service on ${event}: runs inside the inbox transaction \`tx\` of its durable consumer, so a redelivered
 * event changes nothing; events it enqueues in \`tx\` are published after the commit.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { type EventReaction, EventReactionEntry } from '@dcp/runtime';
import type { ${tx} } from '../${service}-database.types';

@Injectable()
@EventReactionEntry()
export class ${reaction} implements EventReaction<'${event}', ${tx}> {
  readonly event = '${event}';
  private readonly logger = new Logger('${service}-${kebab(event)}');

  async react(data: EventPayload<'${event}'>, _tx: ${tx}): Promise<void> {
    this.logger.debug(\`${event}: \${JSON.stringify(data)}\`);
  }
}
`,
  );
  const source = changes.read(barrel);
  if (source.includes(`export const ${listName} = [`)) {
    changes.files.set(barrel, source.replace(`export const ${listName} = [`, `export const ${listName} = [${reaction}, `));
    addImport(changes, barrel, reaction, `./reactions/${kebab(event)}.reaction`);
  } else {
    // The service's first reaction: the barrel, the module's providers, and its events (once per service).
    changes.files.set(barrel, `${source.trimEnd()}\n\nexport const ${listName} = [${reaction}];\n`);
    addImport(changes, barrel, reaction, `./reactions/${kebab(event)}.reaction`);
    const module = `libs/${service}/src/${service}.module.ts`;
    const moduleSource = changes.read(module);
    const withList = moduleSource.replace(/(import \{ )([A-Z_, ]+)( \} from '\.\/[a-z-]+\.entry-points';)/, (_m, a, names, b) => `${a}${names}, ${listName}${b}`);
    if (withList === moduleSource) throw new ScaffoldError(`${module}: no import from ./${service}.entry-points to extend`);
    const withEvents = withList.replace(`serviceRuntime('${service}', { database: PrismaClient })`, `serviceRuntime('${service}', { database: PrismaClient, events: true })`);
    changes.files.set(module, withEvents.replace(/\n  \],\n\}\)/, `\n    ...${listName},\n  ],\n})`));
    const consumers = 'libs/contracts/src/dead-letters.ts';
    const list = changes.read(consumers);
    if (!list.includes(`'${service}'`)) {
      changes.files.set(consumers, list.replace(/export const EVENT_CONSUMERS = \[([^\]]*)\]/, (_m, names) => `export const EVENT_CONSUMERS = [${names}, '${service}']`));
      process.stderr.write(
        `${service}-service consumes events for the first time: give it the inbox and dead-letter tables once ` +
          `(copy InboxEvent and DeadLetterEvent from libs/messaging/prisma/shared-tables.prisma into libs/${service}/prisma/schema.prisma, ` +
          `then npm run db:migration; libs/messaging/src/outbox/shared-tables.spec.ts checks the copy); ` +
          `it is now in EVENT_CONSUMERS and its serviceRuntime(...) has events: true.\n`,
      );
    }
  }
  return changes.apply();
}

function main(argv) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const [what, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const args = rest.filter((a) => !a.startsWith('--'));
  let written;
  if (what === 'operation' && args.length === 4) {
    const [owner, key, service, summary] = args;
    written = scaffoldOperation(root, { owner, key, service, summary, method: flags.has('--post') ? 'POST' : 'GET' });
  } else if (what === 'reaction' && args.length === 2) {
    written = scaffoldReaction(root, { service: args[0], event: args[1] });
  } else if (what === 'project' && args.length === 4) {
    written = scaffoldProject(root, args);
  } else {
    process.stderr.write(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(3, 12).map((l) => l.replace(/^\/\/ ?/, '')).join('\n') + '\n');
    return 2;
  }
  for (const path of written) process.stdout.write(`wrote ${relative(root, join(root, path))}\n`);
  return 0;
}

function scaffoldProject(root, [kind, name, scope, type]) {
  const dir = join(kind, name);
  const projectName = kind === 'libs' ? `lib-${name}` : name;
  const targets = {
    build: { executor: 'nx:run-commands', options: { command: `node tools/build.mjs ${dir}` }, outputs: [`{workspaceRoot}/dist/${dir}`] },
    test: { executor: 'nx:run-commands', options: { command: `jest -c ${dir}/jest.config.cjs --passWithNoTests` } },
    lint: { executor: 'nx:run-commands', options: { command: `eslint ${dir}` } },
  };
  if (kind === 'apps') targets.serve = { executor: 'nx:run-commands', dependsOn: ['build'], options: { command: `node dist/${dir}/src/main.js` } };
  const changes = new Changes(root);
  const project = { name: projectName, $schema: '../../node_modules/nx/schemas/project-schema.json', sourceRoot: `${dir}/src`, projectType: kind === 'apps' ? 'application' : 'library', tags: [`scope:${scope}`, `type:${type}`], targets };
  changes.create(join(dir, 'project.json'), JSON.stringify(project, null, 2) + '\n');
  changes.create(join(dir, 'jest.config.cjs'), `module.exports = require('../../jest.preset.cjs')(__dirname);\n`);
  return changes.apply();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof ScaffoldError)) throw err;
    process.stderr.write(`scaffold: ${err.message}\n`);
    process.exitCode = 2;
  }
}
