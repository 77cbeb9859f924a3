/**
 * The key that signs playback URLs: derived from SECRETS_KEY (HKDF-SHA256, info `dcp-playback-v1`), never
 * the raw key, so a leaked URL signature says nothing about the key that encrypts secrets at rest. Every
 * replica derives the same key from the same SECRETS_KEY.
 */
import { hkdfSync } from 'node:crypto';
import type { FactoryProvider } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';

export const PLAYBACK_KEY = Symbol('dcp.storage.playback-key');

export function derivePlaybackKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'dcp-playback-v1', 32));
}

export const playbackKeyProvider: FactoryProvider<Buffer> = {
  provide: PLAYBACK_KEY,
  inject: [RUNTIME_CONTEXT],
  useFactory: (ctx: RuntimeContext) => derivePlaybackKey(ctx.config.secretsKey),
};
