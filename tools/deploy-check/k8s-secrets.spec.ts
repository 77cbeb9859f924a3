/**
 * Least privilege of the Secrets: each workload gets exactly the secret variables its code uses, one
 * secretKeyRef each, never a whole Secret through envFrom. Who needs what is derived from the code:
 *
 * - SECRETS_KEY (and SECRETS_KEY_PREVIOUS while rotating): the apps running a lib whose config type picks
 *   `secretsKey` (libs/<lib>/src/<lib>-config.ts, `Pick<PlatformConfig, 'secretsKey' | …>`); the Pick types are
 *   kept honest: a lib that reads `secretsKey` anywhere picks it;
 * - ADMIN_TOKEN (and ADMIN_TOKENS): the apps whose main refuses to start without admin tokens (requireAdminTokens);
 * - AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: the apps running a lib that uses the AWS SDK (@aws-sdk/);
 * - NATS_PASSWORD: every app (its own NATS user, k8s-nats.spec.ts); DATABASE_URL: every app (distributed mode
 *   needs it with NATS_URL) and the migrate Job, which needs nothing else.
 */
import { podSpecOf, type Container } from './k8s-objects';
import { overlays, platformWorkloads } from './k8s-overlays';
import { libsOfApp } from '../nats-auth/nats-permissions';
import { exists, listFiles, read } from './workspace';

const sources = (lib: string) => listFiles(`libs/${lib}/src`).filter((f) => f.endsWith('.ts') && !/\.(spec|int\.spec)\.ts$/.test(f) && !/\/(test|generated)\//.test(f));
const configFile = (lib: string) => `libs/${lib}/src/${lib}-config.ts`;

/** Libs whose config type picks a field of the runtime configuration. */
function picks(lib: string, field: string): boolean {
  return exists(configFile(lib)) && new RegExp(`Pick<[^>]*'${field}'`).test(read(configFile(lib)).replace(/\s+/g, ' '));
}

/** The app a workload runs: APP of its container, or `migrate` for the Job. */
const appOf = (c: Container) => c.env?.find((e) => e.name === 'APP')?.value ?? (c.args?.[0] === 'migrate' ? 'migrate' : '?');

export function secretsNeededBy(app: string): string[] {
  if (app === 'migrate') return ['DATABASE_URL'];
  const libs = libsOfApp(app);
  const needs = ['DATABASE_URL', 'NATS_PASSWORD'];
  if (libs.some((l) => picks(l, 'secretsKey'))) needs.push('SECRETS_KEY', 'SECRETS_KEY_PREVIOUS');
  if (/\brequireAdminTokens\(/.test(read(`apps/${app}/src/main.ts`))) needs.push('ADMIN_TOKEN', 'ADMIN_TOKENS');
  if (libs.some((l) => sources(l).some((f) => /from '@aws-sdk\//.test(read(f))))) needs.push('AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY');
  return needs.sort();
}

describe('who needs which secret (from the code)', () => {
  it('keeps the config types honest: a lib reading secretsKey picks it', () => {
    const libs = listFiles('libs').filter((f) => /^libs\/[^/]+\/src\//.test(f)).map((f) => f.split('/')[1]);
    const readers = [...new Set(libs)].filter((l) => !['runtime', 'observability', 'testing'].includes(l) && sources(l).some((f) => /\.secretsKey\b|'secretsKey'/.test(read(f))));
    expect(readers.filter((l) => !picks(l, 'secretsKey'))).toEqual([]);
    expect(readers.length).toBeGreaterThan(0);
  });

  it('gives the edge the admin tokens and no encryption key; the encrypting services the key; storage the S3 keys', () => {
    expect(secretsNeededBy('gateway-edge')).toEqual(['ADMIN_TOKEN', 'ADMIN_TOKENS', 'DATABASE_URL', 'NATS_PASSWORD']);
    for (const app of ['sso-service', 'device-service', 'permission-service', 'push-service']) expect(secretsNeededBy(app)).toEqual(['DATABASE_URL', 'NATS_PASSWORD', 'SECRETS_KEY', 'SECRETS_KEY_PREVIOUS']);
    expect(secretsNeededBy('storage-service')).toEqual(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'DATABASE_URL', 'NATS_PASSWORD', 'SECRETS_KEY', 'SECRETS_KEY_PREVIOUS']);
    expect(secretsNeededBy('firmware-service')).toEqual(['DATABASE_URL', 'NATS_PASSWORD']);
  });
});

describe.each(overlays().map((o) => [o.name, o] as const))('overlay %s', (_name, o) => {
  it('gives every workload exactly the secret variables its code uses, one secretKeyRef each, no Secret through envFrom', () => {
    const got = platformWorkloads(o).flatMap((w) => {
      const pod = podSpecOf(w);
      return [...pod.containers, ...(pod.initContainers ?? [])].map((c) => ({
        workload: `${w.kind}/${w.metadata.name} ${c.name}`,
        wholeSecrets: (c.envFrom ?? []).filter((f) => f.secretRef).map((f) => f.secretRef!.name),
        secrets: (c.env ?? []).filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name).sort(),
        // An initContainer (migrate-wait) needs only the database.
        needs: pod.containers.includes(c) ? secretsNeededBy(appOf(c)) : ['DATABASE_URL'],
      }));
    });
    expect(got.length).toBeGreaterThan(7);
    for (const g of got) expect({ workload: g.workload, wholeSecrets: g.wholeSecrets, secrets: g.secrets }).toEqual({ workload: g.workload, wholeSecrets: [], secrets: g.needs });
  });
});
