/** Reading one environment variable as a typed value; a bad value is a ConfigError naming the variable. */
import { parseListenHost } from './admin-access-config';

export class ConfigError extends Error {}

export function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = 65535): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

export function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
}

export function optionalUrl(env: NodeJS.ProcessEnv, name: string): string {
  return env[name] ? url(env, name, '') : '';
}

export function listenHost(env: NodeJS.ProcessEnv, name: 'HOST' | 'ADMIN_HOST'): string {
  const parsed = parseListenHost(name, env[name]);
  if ('invalid' in parsed) throw new ConfigError(parsed.invalid);
  return parsed.value;
}
