/**
 * Reference values computed outside the implementation: the openssl command line over the exact UTF-8 bytes.
 * Tests compare the library with these, so a bug in the library cannot also hide in the expected value.
 */
import { execFileSync } from 'node:child_process';

function lastField(output: Buffer): string {
  // openssl prints `HMAC-SHA2-256(stdin)= <hex>` or `MD5(stdin)= <hex>` depending on the version.
  const fields = output.toString('utf8').trim().split(' ');
  return fields[fields.length - 1];
}

export function opensslHmacSha256(key: string, text: string): string {
  return lastField(execFileSync('openssl', ['dgst', '-sha256', '-hmac', key], { input: Buffer.from(text, 'utf8') }));
}

export function opensslMd5(text: string): string {
  return lastField(execFileSync('openssl', ['md5'], { input: Buffer.from(text, 'utf8') }));
}
