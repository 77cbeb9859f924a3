/**
 * `migrate wait`: block until every migration of the given services' schemas is applied, polling the
 * database (k8s/README.md "Release": each Deployment's initContainer runs it, so a release's pods start
 * only once the release's migrate Job has migrated the schemas they read). Never migrates anything itself.
 *
 * Ready means: no pending, failed or modified migration (an applied migration this release does not know,
 * `unknown`, is a newer release's and does not block: a rollback must still start). An unreachable database
 * or a missing schema counts as not ready yet, until the deadline.
 */
import type { MigrationStatus } from './migration-status';

export interface WaitOptions {
  /** Give up after this long (milliseconds). */
  timeoutMs: number;
  /** Pause between two looks (milliseconds). */
  intervalMs: number;
  /** Where each service stands; throws while the database cannot be read. */
  status: (service: string) => Promise<MigrationStatus>;
  /** Progress lines (one per look that is not ready, and the outcome). */
  log: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** What still blocks one service, or undefined when its schema is fully migrated. */
export function notReady(s: MigrationStatus): string | undefined {
  const parts: string[] = [];
  if (!s.initialised) parts.push('not initialised');
  if (s.pending.length) parts.push(`pending ${s.pending.join(', ')}`);
  if (s.failed.length) parts.push(`FAILED ${s.failed.join(', ')}`);
  if (s.modified.length) parts.push(`changed after being applied ${s.modified.join(', ')}`);
  // Not initialised with nothing to apply (a service without migrations) is as migrated as it gets.
  if (parts.length === 1 && !s.initialised && s.pending.length === 0) return undefined;
  return parts.length ? parts.join('; ') : undefined;
}

/** Resolves true once every service is migrated, false when the deadline passes first. */
export async function waitForMigrations(services: string[], opts: WaitOptions): Promise<boolean> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + opts.timeoutMs;
  const waiting = new Set(services);
  for (;;) {
    const blocked: string[] = [];
    for (const service of [...waiting]) {
      let reason: string | undefined;
      try {
        reason = notReady(await opts.status(service));
      } catch (e) {
        reason = `database unavailable (${e instanceof Error ? e.message : String(e)})`;
      }
      if (reason === undefined) waiting.delete(service);
      else blocked.push(`${service}: ${reason}`);
    }
    if (!waiting.size) {
      opts.log(`migrate wait: ${services.join(', ')} migrated`);
      return true;
    }
    const left = deadline - now();
    if (left <= 0) {
      opts.log(`migrate wait: gave up after ${Math.round(opts.timeoutMs / 1000)}s; still waiting for ${blocked.join(' | ')}`);
      return false;
    }
    opts.log(`migrate wait: ${blocked.join(' | ')}`);
    await sleep(Math.min(opts.intervalMs, left));
  }
}
