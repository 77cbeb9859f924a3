/**
 * The merchants signed SSO requests name, each row kept for MERCHANT_KEPT_MS (decisions R5): a merchant's
 * requests then cost no database round trip for its row, at most one a second per replica. A change this
 * replica makes drops the row at once (MerchantRepository.onChange); one made on another replica shows here
 * within MERCHANT_KEPT_MS, except a rotated secret, which shows at once: a request that does not verify
 * against the kept row is checked again against the row read anew (`reread`). Unknown clientIds are not
 * kept, so a merchant created anywhere is known at once.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock } from '@dcp/runtime';
import type { Merchant } from './merchant';
import { type MerchantLookup, MerchantRepository } from './merchant.repository';

export const MERCHANT_KEPT_MS = 1_000;
/** Rows kept at most: the oldest goes first. */
export const MERCHANTS_KEPT = 1_024;

@Injectable()
export class SignedRequestMerchants implements MerchantLookup {
  private readonly kept = new Map<string, { merchant: Merchant; until: number }>();
  /** Counts this replica's changes: a row read while one happened is not kept (it may predate the change). */
  private changes = 0;

  constructor(
    @Inject(MerchantRepository) private readonly merchants: Pick<MerchantRepository, 'findByClientId' | 'onChange'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {
    merchants.onChange((clientId) => {
      this.changes++;
      this.kept.delete(clientId);
    });
  }

  async findByClientId(clientId: string): Promise<Merchant | null> {
    const entry = this.kept.get(clientId);
    if (entry && entry.until > this.clock.now()) return entry.merchant;
    return this.reread(clientId);
  }

  async reread(clientId: string): Promise<Merchant | null> {
    this.kept.delete(clientId);
    const changesBefore = this.changes;
    const merchant = await this.merchants.findByClientId(clientId);
    if (merchant && this.changes === changesBefore) {
      if (this.kept.size >= MERCHANTS_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(clientId, { merchant, until: this.clock.now() + MERCHANT_KEPT_MS });
    }
    return merchant;
  }
}
