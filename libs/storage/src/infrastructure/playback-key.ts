/**
 * The key that signs playback URLs: derived from SECRETS_KEY (HKDF-SHA256, info `dcp-playback-v1`), never
 * the raw key, so a leaked URL signature says nothing about the key that encrypts secrets at rest. Every
 * replica derives the same key from the same SECRETS_KEY. After a rotation, URLs signed under a key in
 * SECRETS_KEY_PREVIOUS keep verifying until they expire (docs/decisions.md SK3).
 */
import type { FactoryProvider } from '@nestjs/common';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import { deriveUrlSigningKey } from '@dcp/signing';
import type { StorageConfig } from '../storage-config';
import { PlaybackSigner } from '../playback/playback-signer';

export const PLAYBACK_SIGNER = Symbol('dcp.storage.playback-signer');

export function derivePlaybackKey(secretsKey: Buffer): Buffer {
  return deriveUrlSigningKey(secretsKey, 'dcp-playback-v1');
}

export const playbackSignerProvider: FactoryProvider<PlaybackSigner> = {
  provide: PLAYBACK_SIGNER,
  inject: [RUNTIME_CONFIG],
  useFactory: (config: Pick<StorageConfig, 'secretsKey' | 'secretsKeyPrevious'>) => new PlaybackSigner(derivePlaybackKey(config.secretsKey), (config.secretsKeyPrevious ?? []).map(derivePlaybackKey)),
};
