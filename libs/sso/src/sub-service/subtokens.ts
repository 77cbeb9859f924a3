/**
 * Users' subtokens (the key of their stream calls: sessionToken = MD5(subtoken + timestamp), spec 5.2): the
 * platform must read them back to check a sessionToken, so they are encrypted with SECRETS_KEY (AES-256-GCM,
 * the userId bound as additional data), not hashed (docs/decisions.md SK4). Subtokens written before were
 * stored plain: they are read as they are until the re-encryption at start (SK2) has moved them. Never logged.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import { SecretBox } from '@dcp/signing';
import { randomBase62 } from '../common/random';
import type { SsoConfig } from '../sso-config';

const SUBTOKEN_LENGTH = 32;
/** A SecretBox ciphertext (`v1.…`, `v2.…`); a plain subtoken is base62 and has no dot. */
const CIPHERTEXT = /^v[12]\./;

/** A row's subtoken as stored. */
export interface StoredSubtoken {
  userId: number;
  subtokenCiphertext: string;
}

@Injectable()
export class Subtokens {
  private readonly box: SecretBox;

  constructor(@Inject(RUNTIME_CONFIG) config: Pick<SsoConfig, 'secretsKey' | 'secretsKeyPrevious'>) {
    this.box = new SecretBox(config.secretsKey, config.secretsKeyPrevious);
  }

  /** A new subtoken, encrypted for the user's row. */
  generate(userId: number): string {
    return this.box.encrypt(randomBase62(SUBTOKEN_LENGTH), context(userId));
  }

  read(row: StoredSubtoken): string {
    return CIPHERTEXT.test(row.subtokenCiphertext) ? this.box.decrypt(row.subtokenCiphertext, context(row.userId)) : row.subtokenCiphertext;
  }

  /** The key prefix every subtoken ciphertext under the current SECRETS_KEY starts with (SK2). */
  get currentPrefix(): string {
    return this.box.currentPrefix;
  }

  /** The row's subtoken under the current SECRETS_KEY (a plain one encrypted for the first time). */
  reencrypt<R extends StoredSubtoken>(row: R): R {
    return { ...row, subtokenCiphertext: this.box.encrypt(this.read(row), context(row.userId)) };
  }
}

const context = (userId: number) => `user:${userId}`;
