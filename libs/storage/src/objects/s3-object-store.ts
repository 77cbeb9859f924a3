/**
 * Objects in any S3-compatible store (AWS S3, MinIO, Ceph RGW, …) through `@aws-sdk/client-s3`. Credentials
 * come from the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, shared profiles, web identity,
 * instance roles). Checksums are sent and validated only where the S3 API requires them: many S3-compatible
 * stores do not implement the SDK's newer default (CRC32 on every request).
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3ObjectStoreConfig } from './object-store-config';
import { type ObjectStore, assertObjectKey } from './object-store';

/** DeleteObjects takes at most 1000 keys per request. */
const DELETE_BATCH = 1000;

export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;

  constructor(
    private readonly config: S3ObjectStoreConfig,
    /** Extra client settings (tests: explicit credentials, a custom request handler). */
    overrides: Partial<S3ClientConfig> = {},
  ) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      ...overrides,
    });
  }

  get location(): string {
    return `s3://${this.config.bucket}${this.config.prefix ? `/${this.config.prefix}` : ''}${this.config.endpoint ? ` at ${this.config.endpoint}` : ''}`;
  }

  private key(key: string): string {
    assertObjectKey(key);
    return this.config.prefix ? `${this.config.prefix}/${key}` : key;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(key), Body: bytes, ContentType: 'video/mp2t', ContentLength: bytes.length }));
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
      if (!res.Body) return Buffer.alloc(0);
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return undefined;
      throw err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH).map((k) => ({ Key: this.key(k) }));
      const res = await this.client.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: batch, Quiet: true } }));
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) throw new Error(`S3 refused to delete ${failed.length} object(s): ${failed[0].Key} ${failed[0].Code} ${failed[0].Message ?? ''}`.trim());
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
