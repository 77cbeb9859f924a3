/**
 * Re-encrypts a service's stored secrets under the current SECRETS_KEY once after start (docs/decisions.md
 * SK2): a service lib subclasses it, naming its tables. It runs in the background so that start-up does not
 * wait on it, logs what it did, and stops between batches when the host shuts down.
 */
import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type ReencryptionOutcome, type StaleSecretRows, reencryptStaleSecrets } from '@dcp/signing';

export abstract class SecretReencryptionJob implements OnApplicationBootstrap, OnModuleDestroy {
  private stopped = false;
  private running?: Promise<Record<string, ReencryptionOutcome>>;

  protected constructor(
    private readonly service: string,
    private readonly tables: Record<string, StaleSecretRows<{ id: number }>>,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run().catch((err: unknown) => {
      new Logger(this.service).warn(`re-encryption under the current SECRETS_KEY stopped: ${err instanceof Error ? err.message : String(err)}`);
      return {};
    });
  }

  /** What the run started at bootstrap did (specs wait on it). */
  finished(): Promise<Record<string, ReencryptionOutcome>> {
    return this.running ?? this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async run(): Promise<Record<string, ReencryptionOutcome>> {
    const logger = new Logger(this.service);
    const outcomes: Record<string, ReencryptionOutcome> = {};
    for (const [table, rows] of Object.entries(this.tables)) {
      const outcome = await reencryptStaleSecrets(rows, { stopped: () => this.stopped });
      outcomes[table] = outcome;
      if (outcome.reencrypted > 0) logger.log(`re-encrypted ${outcome.reencrypted} ${table} under the current SECRETS_KEY`);
      if (outcome.unreadable > 0) logger.error(`${outcome.unreadable} ${table} are under a key that is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS: they cannot be used until that key is added to SECRETS_KEY_PREVIOUS`);
    }
    return outcomes;
  }
}
