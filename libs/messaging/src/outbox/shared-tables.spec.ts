/**
 * The outbox, inbox and dead-letter Prisma models are written once (libs/messaging/prisma/shared-tables.prisma)
 * and copied into every service schema that holds them: this spec fails when a copy differs (a field, an
 * index, a comment), or when the README's block drifts from the fragment. Tables are not changed here: the
 * copies are what each service's migrations already create.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../../..');
const fragmentPath = join(root, 'libs/messaging/prisma/shared-tables.prisma');
const SHARED_MODELS = ['OutboxEvent', 'InboxEvent', 'DeadLetterEvent'] as const;

/** `/// doc` lines directly above `model Name {` and the block up to its closing brace, keyed by model name. */
function models(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of text.matchAll(/((?:^\/\/\/.*\n)*)^model (\w+) \{\n[\s\S]*?^\}$/gm)) found.set(m[2], m[0]);
  return found;
}

const fragment = readFileSync(fragmentPath, 'utf8');
const canonical = models(fragment);

const serviceSchemas = readdirSync(join(root, 'libs'))
  .map((lib) => ({ lib, path: join(root, 'libs', lib, 'prisma/schema.prisma') }))
  .filter(({ path }) => existsSync(path))
  .map(({ lib, path }) => ({ lib, text: readFileSync(path, 'utf8') }));

describe('the shared messaging tables: one source', () => {
  it('the fragment holds the three models, for any <service>', () => {
    expect([...canonical.keys()]).toEqual([...SHARED_MODELS]);
    for (const block of canonical.values()) expect(block).toContain('@@schema("<service>")');
  });

  it('the README shows the fragment as it is', () => {
    const readme = readFileSync(join(root, 'libs/messaging/README.md'), 'utf8');
    const shown = models(readme);
    for (const name of SHARED_MODELS) expect(shown.get(name)).toBe(canonical.get(name));
  });

  const holders = serviceSchemas.filter(({ text }) => SHARED_MODELS.some((name) => models(text).has(name)));

  it('is held by every event-carrying service (device, permission, push, sso, storage)', () => {
    expect(holders.map((h) => h.lib).sort()).toEqual(['device', 'permission', 'push', 'sso', 'storage']);
  });

  it.each(holders.map((h) => [h.lib, h.text] as const))('libs/%s/prisma/schema.prisma carries the three models exactly as the fragment', (lib, text) => {
    const schema = /@@schema\("([a-z_]+)"\)/.exec(models(text).get('OutboxEvent') ?? '')?.[1];
    expect(schema).toBe(lib);
    const copies = models(text);
    for (const name of SHARED_MODELS) expect(copies.get(name)).toBe(canonical.get(name)!.replaceAll('"<service>"', `"${schema}"`));
  });
});
