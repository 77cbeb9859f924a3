/**
 * The sample calls that make the code send its raw SQL (tools/sql-snapshots): per exported class or function,
 * by its export name (wherever the file lives: a moved file needs no change here), the members to call and
 * their fixed arguments. Values never reach a snapshot (only `$n` placeholders do); they only have to take
 * the code down the path that sends the statement. A statement whose text depends on the arguments gets one
 * sample per variant that matters, named by `variant`.
 *
 * Classes holding a hot statement as a property (statement reactions: `readonly statement = …`) need no entry:
 * the generator reads it from an instance.
 */
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { Sql } from '@prisma/client/runtime/client';
import { EVENTS } from '@dcp/contracts';
import { type Answers, type Recorder, STOP } from './recorder';

export interface Sample {
  /** The method called (a class entry), private ones included; absent for a function entry. */
  method?: string;
  /** A function entry called otherwise than with `args` (e.g. a method of what it returns). */
  call?: (fn: (...args: never[]) => unknown, r: Recorder) => unknown;
  /** Set up before the call; returns the undo, run after it. */
  before?: (r: Recorder) => () => void;
  /** Shown in the header after the member: what this variant's arguments stand for. */
  variant?: string;
  args: (r: Recorder) => unknown[];
  /** What the recorded statements answer, in order (default: no rows, 0 rows changed). */
  answers?: Answers;
}

export type SampleEntry = { kind: 'class'; create: (r: Recorder) => unknown[]; samples: Sample[] } | { kind: 'function'; samples: Sample[] };

const NOW = Date.UTC(2026, 0, 1);
const AT = new Date(NOW);
const MAC = '00:11:22:33:44:55';
const UUID = '00000000-0000-4000-8000-000000000001';
const SCHEMA = 'service';
const merchant = { id: 1, clientId: 'client' };
const token = { hash: 'hash', expiresAt: AT };
const user = { uuid: 'uuid', username: 'user', name: 'name', nickname: 'nick', phone: '', country: 'NL' };
const envelope = { id: UUID, type: EVENTS.userDeleted.subject, occurredAt: AT.toISOString(), source: 'sso-service', data: { userId: 7, openId: 'open', clientId: 'client', uuid: 'uuid' } };
const deadLetter = { durable: 'sso-service', subject: envelope.type, envelope, deliveries: 5, error: 'boom' };
const auditEntry = {
  actor: { name: 'admin', role: 'admin' },
  method: 'POST',
  request: { route: '/admin/v1/x', operationId: 'op', tag: 'tag', path: '/admin/v1/x', params: {}, query: {}, body: {}, bodyBytes: 2, bodySha256: 'sha' },
  requestId: 'request',
};
const noop = () => undefined;
const PG_URL = 'postgres://localhost:5432/dcp';
/** A SECRETS_KEY (a SecretBox needs 32 bytes), its key prefix, and a ciphertext under another key: a row the re-encryption walks past. */
const SECRETS = { secretsKey: Buffer.alloc(32, 1), secretsKeyPrevious: [] };
const KEY_PREFIX = 'v2.AAAAAAAA.';
const OLD_CIPHERTEXT = 'v2.BBBBBBBB.iv.tag.data';
/** A page of an admin list (libs/contracts/src/admin-paging.ts): the first, and one after a cursor. */
const FIRST_PAGE = { take: 101, offset: 0, after: undefined };
const PAGE_AFTER = { take: 101, offset: 0, after: [41] };
/** The answers of a list whose count reached the threshold: no ids, more than 1,000 rows, then the planner's estimate. */
const LONG_LIST = [[], [{ n: 1001 }], [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 250_000 } }] }]];
const ssoDefinition = (r: Recorder) => ({ service: 'sso', prismaDir: join(r.root, 'libs/sso/prisma') });

/** A PGlite handle over an instance that records (the lease of one instance, held alone). */
function pgliteHandle(open: (...args: never[]) => unknown, r: Recorder): { ping(): Promise<void>; inSchema(schema: string, fn: () => Promise<unknown>): Promise<unknown> } {
  const db = { query: (sql: string) => r.record(sql, 'pglite', { rows: [] }), exec: (sql: string) => r.record(sql, 'pglite', []) };
  const lease = { db: Promise.resolve(db), exclusive: (fn: () => unknown) => fn(), release: asyncNoop };
  return (open as unknown as (lease: unknown, schema: string) => ReturnType<typeof pgliteHandle>)(lease, 'sso');
}

/** pg's Client and Pool send to the recorder while a sample runs (the statements the database lib sends itself). */
function pgRecording(r: Recorder): () => void {
  const patched: Array<[object, string, unknown]> = [];
  const patch = (proto: object, name: string, fn: unknown) => {
    patched.push([proto, name, (proto as Record<string, unknown>)[name]]);
    (proto as Record<string, unknown>)[name] = fn;
  };
  const query = (text: string | { text: string }) => r.record(typeof text === 'string' ? text : text.text, 'pg', { rows: [] });
  patch(Client.prototype, 'connect', async () => undefined);
  patch(Client.prototype, 'end', async () => undefined);
  patch(Client.prototype, 'query', query);
  patch(Pool.prototype, 'query', query);
  patch(Pool.prototype, 'end', async () => undefined);
  return () => {
    for (const [proto, name, fn] of patched.reverse()) (proto as Record<string, unknown>)[name] = fn;
  };
}
const asyncNoop = async (): Promise<undefined> => undefined;
/** ServiceEvents: transactions on the recorder, drafts with fixed ids, nothing published. */
const events = (r: Recorder) => ({
  transaction: (fn: (tx: unknown) => Promise<unknown>) => fn(r.client),
  enqueue: asyncNoop,
  draft: () => ({ id: UUID, subject: 'subject', envelope: '{}', data: '{}' }),
  publishWritten: noop,
});
/** The dead-letter filters that change the WHERE clause. */
const deadLetterFilters = [
  { variant: 'unresolved', filter: {} },
  { variant: 'unresolved, durable', filter: { durable: 'sso-service' } },
  { variant: 'resolved included', filter: { includeResolved: true } },
  { variant: 'resolved included, durable', filter: { includeResolved: true, durable: 'sso-service' } },
];

export const SAMPLES: Record<string, SampleEntry> = {
  // database (migrations bookkeeping, the migrators' lock, health)
  withAdvisoryLock: { kind: 'function', samples: [{ before: pgRecording, args: () => [PG_URL, 'sso', asyncNoop] }] },
  migrateOpenDatabase: {
    kind: 'function',
    samples: [
      {
        variant: 'PGlite with a legacy public table, then pending migrations',
        args: (r) => [{ kind: 'pglite', query: (sql: string) => r.record(sql, 'handle.query', []) }, ssoDefinition(r), {}],
        // The schema engine takes over from there.
        answers: [[], [{ legacy: true, own: false }], [], [{ exists: true }], STOP],
      },
    ],
  },
  migrationStatus: {
    kind: 'function',
    samples: [{ variant: 'PostgreSQL', before: pgRecording, args: (r) => [ssoDefinition(r), { kind: 'postgres', url: PG_URL }], answers: [{ rows: [{ exists: true }] }, { rows: [] }] }],
  },
  openAdapter: {
    kind: 'function',
    samples: [{ variant: 'PostgreSQL: ping', before: pgRecording, args: () => [], call: (open) => (open as (c: unknown) => { ping(): Promise<void> })({ kind: 'postgres', url: PG_URL }).ping() }],
  },
  pgliteHandle: {
    kind: 'function',
    samples: [
      { variant: 'ping', args: () => [], call: (open, r) => pgliteHandle(open, r).ping() },
      { variant: "a migration in the service's schema", args: () => [], call: (open, r) => pgliteHandle(open, r).inSchema('sso', asyncNoop) },
    ],
  },
  // sso
  AccessTokenLookup: { kind: 'class', create: (r) => [r.db], samples: [{ method: 'facts', args: () => ['client', 'open', 'hash'] }] },
  AdminAuditRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'insert', args: () => [{ id: UUID, requestedAt: AT, entry: auditEntry }] },
      { method: 'complete', args: () => [UUID, { status: 200 }, AT] },
      { method: 'page', variant: 'no filter, first page', args: () => [{}, FIRST_PAGE] },
      {
        method: 'page',
        variant: 'every filter, after a cursor, more than 1,000 matching',
        args: () => [{ actor: 'admin', method: 'POST', path: '/admin/v1/merchants', tag: 'merchants', result: 'ok', from: AT, to: AT }, { take: 51, offset: 0, after: [NOW, '42'] }],
        answers: LONG_LIST,
      },
      { method: 'size', args: () => [], answers: [[{ entries: 0n, bytes: 0n }]] },
      { method: 'purgeBatch', args: () => [AT, 5000] },
    ],
  },
  ExpiredDataPurger: {
    kind: 'class',
    create: (r) => [r.db, { purged: noop }, { now: () => NOW }],
    samples: [{ method: 'purgeOnce', args: () => [] }],
  },
  MerchantRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'findByClientId', args: () => ['client'] },
      { method: 'page', variant: 'no filter', args: () => [{}, FIRST_PAGE] },
      { method: 'page', variant: 'q and enabled, after a cursor, more than 1,000 matching', args: () => [{ q: 'acme', enabled: true }, PAGE_AFTER], answers: LONG_LIST },
      { method: 'staleSecrets', variant: 'current secrets, from the start', args: () => ['secret', undefined, 200, KEY_PREFIX] },
      { method: 'staleSecrets', variant: 'previous secrets, after a row', args: () => ['previousSecret', { id: 3, clientId: 'client', secretCiphertext: OLD_CIPHERTEXT, previousSecretCiphertext: OLD_CIPHERTEXT }, 200, KEY_PREFIX] },
    ],
  },
  SubServiceRepository: {
    kind: 'class',
    create: (r) => [r.db, {}, { currentPrefix: KEY_PREFIX }],
    samples: [{ method: 'staleSubtokens', args: () => [{ userId: 7, subtokenCiphertext: OLD_CIPHERTEXT }, 200] }],
  },
  AdminUserReads: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'pageByUuid', variant: 'any merchant', args: () => [{ uuid: 'uuid' }, FIRST_PAGE] },
      { method: 'pageByUuid', variant: "one merchant's, after a cursor, more than 1,000 matching", args: () => [{ uuid: 'uuid', clientId: 'client' }, PAGE_AFTER], answers: LONG_LIST },
    ],
  },
  SessionRepository: {
    kind: 'class',
    create: (r) => [r.db, events(r)],
    samples: [{ method: 'login', args: () => [merchant, user, token, token], answers: [[{ id: 1, openId: 'open', created: true, event: {} }]] }],
  },
  ShadowUserRepository: { kind: 'class', create: (r) => [r.db, events(r)], samples: [{ method: 'delete', args: () => [merchant, 'uuid'] }] },
  UsedSignatureStore: { kind: 'class', create: (r) => [r.db], samples: [{ method: 'remember', args: () => ['client', 'sign', AT] }] },
  // device
  DeviceRepository: {
    kind: 'class',
    create: (r) => [r.db, events(r)],
    samples: [
      { method: 'boundAmong', args: () => [[{ userId: 7, macAddr: MAC }]] },
      { method: 'listByUser', args: () => [7] },
      { method: 'unbindOwned', args: () => [7, MAC] },
      { method: 'unbindOfManufacturer', args: () => ['OEM', MAC] },
      { method: 'stalePasswords', args: () => [{ id: 3, macAddr: MAC, passwordCiphertext: OLD_CIPHERTEXT }, 200, KEY_PREFIX] },
    ],
  },
  ManufacturerRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'page', variant: 'no filter', args: () => [{}, FIRST_PAGE] },
      { method: 'page', variant: 'q, after a cursor, more than 1,000 matching', args: () => [{ q: 'acme' }, PAGE_AFTER], answers: LONG_LIST },
      { method: 'staleDelKeys', args: () => [undefined, 200, KEY_PREFIX] },
    ],
  },
  AdminDeviceReads: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'pageByUser', variant: 'first page', args: () => [7, FIRST_PAGE] },
      { method: 'pageByUser', variant: 'after a cursor, more than 1,000 devices', args: () => [7, PAGE_AFTER], answers: LONG_LIST },
    ],
  },
  UsedForceSignStore: { kind: 'class', create: (r) => [r.db], samples: [{ method: 'remember', args: () => ['OEM', 'sign', AT, NOW] }] },
  // firmware
  RolloutCheckRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      // A device's lock (a new device, counted nowhere yet): the rows, then the summary are written.
      {
        method: 'record',
        args: () => [[{ modelId: 1, macAddr: MAC, userId: 7, fromSystem: '1', fromApp: '1', outcome: 'offered', offeredReleaseId: 2, at: AT }]],
        answers: [[{ modelId: 1, macAddr: MAC, countedIn: {} }]],
      },
      { method: 'progress', args: () => [1, { from24h: AT, from7d: AT }] },
      // The oldest rows' device, its lock and its one old row: the rows go, then the device and its counts.
      {
        method: 'purgeSeenBefore',
        args: () => [AT, 1000],
        answers: [
          [{ modelId: 1, macAddr: MAC }],
          [{ modelId: 1, macAddr: MAC, countedIn: { 'devices:': NOW - 3_600_000 } }],
          [{ modelId: 1, macAddr: MAC, fromSystem: '1', fromApp: '1', outcome: 'up_to_date', offeredReleaseId: 0, lastSeenAt: new Date(NOW - 3_600_000) }],
        ],
      },
      { method: 'forgetEmptyHoursBefore', args: () => [AT, 1000] },
    ],
  },
  GrantRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'page', variant: 'no filter', args: () => [{}, FIRST_PAGE] },
      { method: 'page', variant: 'one user (openId), after a cursor', args: () => [{ openId: 'open' }, PAGE_AFTER] },
      { method: 'page', variant: "a user's grants on a device (the device view)", args: () => [{ userId: 7, ipcMac: MAC }, FIRST_PAGE] },
      { method: 'page', variant: 'one plan (permissionCode), more than 1,000 matching', args: () => [{ permissionCode: 'cloud-30' }, FIRST_PAGE], answers: LONG_LIST },
      ...(['waiting', 'active', 'over', 'revoked'] as const).map((name) => ({ method: 'page', variant: `state ${name}`, args: () => [{ state: { name, now: NOW } }, FIRST_PAGE] })),
      { method: 'page', variant: 'state revoked, after a cursor', args: () => [{ state: { name: 'revoked', now: NOW } }, PAGE_AFTER] },
      { method: 'page', variant: 'state active, after a cursor (by end, then id)', args: () => [{ state: { name: 'active', now: NOW } }, { ...FIRST_PAGE, after: [NOW + 86_400_000, 41] }] },
      { method: 'page', variant: 'state active, after a cursor whose grant has ended since', args: () => [{ state: { name: 'active', now: NOW } }, { ...FIRST_PAGE, after: [NOW - 1, 41] }] },
      { method: 'page', variant: 'state over, after a cursor (by end, newest first)', args: () => [{ state: { name: 'over', now: NOW } }, { ...FIRST_PAGE, after: [NOW - 86_400_000, 41] }] },
    ],
  },
  PermissionRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'page', variant: 'no filter', args: () => [{}, FIRST_PAGE] },
      { method: 'page', variant: 'q and permissionType, after a cursor, more than 1,000 matching', args: () => [{ q: 'cloud', permissionType: 1 }, PAGE_AFTER], answers: LONG_LIST },
    ],
  },
  RecordsInService: { kind: 'class', create: (r) => [r.db, {}], samples: [{ method: 'of', args: () => [7, NOW] }] },
  CameraStreamRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'stale', args: () => [{ id: 3, ipcMac: MAC, userId: 7, userTag: 'tag', streamCiphertext: OLD_CIPHERTEXT }, 200, KEY_PREFIX] },
      { method: 'findOrInsertLive', args: () => [{ ipcMac: MAC, userId: 7, userTag: 'tag', streamCiphertext: 'v2.x' }], answers: [STOP] },
      { method: 'liveByTagWithPlan', args: () => [MAC, 'tag', NOW] },
    ],
  },
  ReleaseRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'page', variant: 'every release', args: () => [{}, FIRST_PAGE] },
      { method: 'page', variant: "one model's, after a cursor, more than 1,000 matching", args: () => [{ machineTypeName: 'IPC-100' }, PAGE_AFTER], answers: LONG_LIST },
      { method: 'pageModels', variant: 'every model', args: () => [{}, FIRST_PAGE] },
      { method: 'pageModels', variant: 'q, after a cursor, more than 1,000 matching', args: () => [{ q: 'ipc' }, PAGE_AFTER], answers: LONG_LIST },
    ],
  },
  // storage
  ObjectDeletions: { kind: 'class', create: (r) => [r.db], samples: [{ method: 'processDue', args: () => [NOW, 100, asyncNoop] }] },
  SegmentRepository: {
    kind: 'class',
    create: (r) => [r.db, { lock: asyncNoop, segmentAdded: asyncNoop }],
    samples: [
      { method: 'hasOverlapping', args: () => [MAC, 7, 1_767_225_600, 1_767_229_200] },
      { method: 'overlappingPage', args: () => [MAC, 7, 1_767_229_200, 1_767_225_600_000, { start: 1_767_225_000, durationMs: -1, id: UUID }] },
      { method: 'summary', args: () => [MAC, 7] },
      { method: 'removeById', args: (r) => [r.client, UUID] },
      { method: 'endedBefore', args: () => [NOW, 200] },
      { method: 'removeEndedBefore', args: (r) => [r.client, MAC, 7, NOW, 500] },
      { method: 'beyondPlan', args: () => [NOW, 7 * 86_400_000, 200] },
      { method: 'removeBeyondPlan', args: (r) => [r.client, MAC, 7, NOW, 7 * 86_400_000, 500] },
      {
        method: 'insert',
        args: () => [{ id: UUID, macAddr: MAC, userId: 7, start: 1_767_225_600, durationMs: 4000, type: 0, objectKey: 'segments/k.ts', bytes: 188 }],
        answers: [[{ outcome: 'stored', id: UUID, macAddr: MAC, userId: 7, startEpochS: 1, durationMs: 4000, type: 0, objectKey: 'k', bytes: 188, createdAt: AT }]],
      },
      // Out of order: the hot statement declines, the transaction stores it (its refold is Prisma's).
      {
        method: 'insert',
        variant: 'out of order',
        args: () => [{ id: UUID, macAddr: MAC, userId: 7, start: 1_767_225_600, durationMs: 4000, type: 0, objectKey: 'segments/k.ts', bytes: 188 }],
        answers: [[{ outcome: 'out-of-order' }], [{ id: UUID, macAddr: MAC, userId: 7, startEpochS: 1, durationMs: 4000, type: 0, objectKey: 'k', bytes: 188, createdAt: AT, lastClip: null }]],
      },
    ],
  },
  FootageIndex: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'lock', args: (r) => [r.client, MAC, 7] },
      { method: 'tryLock', args: (r) => [r.client, MAC, 7] },
      { method: 'runBefore', args: (r) => [r.client, MAC, 7, 0, 1_767_225_000, 1_767_225_600] },
      { method: 'overlappingClips', args: () => [MAC, 7, 1_767_225_600_000, 1_767_229_200] },
      { method: 'recordedHours', args: () => [MAC, 7, 0] },
    ],
  },
  FootagePurges: {
    kind: 'class',
    create: (r) => [r.db, { lock: asyncNoop, segmentsRemoved: asyncNoop }, { enqueue: asyncNoop }],
    samples: [
      { method: 'pending', args: () => [MAC, 7] },
      // The job, a batch of one segment of the device, its deletion (the job's update is Prisma's).
      {
        method: 'runBatch',
        variant: 'a device under one owner',
        args: () => [AT, 2000],
        answers: [[{ id: 1, userId: 7, macAddr: MAC, requestedAt: AT, cursorMac: '', cursorStart: 0 }], [{ id: UUID, macAddr: MAC, start: 1_767_225_600 }], STOP],
      },
      {
        method: 'runBatch',
        variant: 'every device of a user',
        args: () => [AT, 2000],
        answers: [[{ id: 1, userId: 7, macAddr: null, requestedAt: AT, cursorMac: '', cursorStart: 0 }], STOP],
      },
      { method: 'forgetFinished', args: () => [AT, 500] },
    ],
  },
  DevicePlans: { kind: 'class', create: (r) => [r.db, { now: () => NOW }], samples: [{ method: 'record', args: () => [MAC, 7, { retentionDays: 7, planEndsAt: NOW }] }] },
  UploadAdmission: {
    kind: 'class',
    create: (r) => [r.db, { cameraUploads: { quotaBytesPerDay: 1 << 30, quotaSegmentsPerMinute: 60, outOfOrderToleranceSeconds: 600 } }],
    samples: [
      {
        method: 'admit',
        args: () => [{ macAddr: MAC, userId: 7, start: 1_767_225_600, type: 0, bytes: 1000, objectKey: 'segments/k.ts', nowMs: NOW, guardDue: AT }],
        answers: [[{ newest: null, taken: true }]],
      },
    ],
  },
  // push
  AlarmIntake: {
    kind: 'class',
    create: (r) => [r.db, { poke: noop }],
    samples: [
      {
        method: 'take',
        args: () => [{ macAddr: MAC, userId: 7, clientId: 'client', type: 1, minute: 29_450_000, perDevicePerMinute: 20, perUserPerMinute: 200, cameraTime: NOW, nowMs: NOW, cooldownStartMs: NOW - 60_000, newMessageId: UUID, picture: undefined }],
      },
    ],
  },
  MessageRepository: { kind: 'class', create: (r) => [r.db], samples: [{ method: 'picture', args: () => [UUID] }] },
  RetentionRepository: {
    kind: 'class',
    create: (r) => [r.db],
    samples: [
      { method: 'merchantsWithMessages', args: () => [] },
      { method: 'deleteExpired', args: () => ['client', AT, 1000] },
      { method: 'pendingPurges', args: () => [100] },
      { method: 'deletePurged', variant: "a deleted user's messages", args: () => [{ id: 1n, userId: 7, macAddr: '', receivedBefore: AT }, 1000] },
      { method: 'deletePurged', variant: "an unbound device's messages", args: () => [{ id: 1n, userId: 7, macAddr: MAC, receivedBefore: AT }, 1000] },
      { method: 'finishPurge', args: () => [1n] },
      { method: 'deleteStaleRates', args: () => [29_450_000, '', 5000] },
    ],
  },
  ProviderCredentials: { kind: 'class', create: (r) => [r.db, SECRETS, { now: () => NOW }], samples: [{ method: 'stale', args: () => [undefined, 200] }] },
  DeliveryQueue: {
    kind: 'class',
    create: (r) => [r.db, { poke: noop }],
    samples: [
      { method: 'claim', args: () => [NOW, 35_000, 64] },
      { method: 'sent', args: () => [UUID, NOW, 120] },
      { method: 'retry', args: () => [UUID, NOW, NOW + 2000, 'HTTP 503'] },
      { method: 'failed', args: () => [UUID, NOW, 'invalid_token', 'Unregistered'] },
      { method: 'cancelled', args: () => [UUID, NOW] },
    ],
  },
  DeliveryAdminRepository: { kind: 'class', create: (r) => [r.db], samples: [{ method: 'health', args: () => [AT, 'client'] }] },
  // the overview's counts (libs/runtime/src/health/service-status.ts): exact below the threshold, else estimated
  countRows: {
    kind: 'function',
    samples: [
      { variant: 'a small table: exact', args: (r) => [r.client, SCHEMA, { name: 'devices', table: 'device', where: 'user_id > 0' }], answers: [[{ n: 10 }], [{ n: 10 }]] },
      { variant: 'a large table, no condition: its estimate', args: (r) => [r.client, SCHEMA, { name: 'devices', table: 'device' }], answers: [[{ n: 5_000_000 }]] },
      {
        variant: 'a large table with a condition: the planner\'s estimate',
        args: (r) => [r.client, SCHEMA, { name: 'activeGrants', table: 'grant', where: 'grant_status = 3' }],
        answers: [[{ n: 5_000_000 }], [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 1000 } }] }]],
      },
    ],
  },
  // an admin list's total (libs/runtime/src/database/list-total.ts): counted up to the threshold, else the planner's estimate
  listTotal: {
    kind: 'function',
    samples: [
      { variant: 'at most 1,000 rows: exact', args: (r) => [r.client, new Sql(['FROM "service"."widget" w WHERE w.owner = ', ''], ['owner']), new Sql(['ORDER BY w.id'], [])] },
      {
        variant: 'more: the estimate',
        args: (r) => [r.client, new Sql(['FROM "service"."widget" w WHERE w.owner = ', ''], ['owner']), new Sql(['ORDER BY w.id'], [])],
        answers: [[{ n: 1001 }], [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 250_000 } }] }]],
      },
    ],
  },
  // messaging (the schema is the consuming service's)
  runOnce: { kind: 'function', samples: [{ args: (r) => [r.client, SCHEMA, 'sso-service', envelope, asyncNoop] }] },
  alreadyApplied: { kind: 'function', samples: [{ args: (r) => [r.client, SCHEMA, 'sso-service', envelope] }] },
  recordDeadLetter: { kind: 'function', samples: [{ args: (r) => [r.client, SCHEMA, deadLetter] }] },
  listDeadLetters: { kind: 'function', samples: deadLetterFilters.map(({ variant, filter }) => ({ variant, args: (r: Recorder) => [r.client, SCHEMA, filter] })) },
  countDeadLetters: { kind: 'function', samples: deadLetterFilters.map(({ variant, filter }) => ({ variant, args: (r: Recorder) => [r.client, SCHEMA, filter] })) },
  getDeadLetter: { kind: 'function', samples: [{ args: (r) => [r.client, SCHEMA, UUID] }] },
  resolveDeadLetter: { kind: 'function', samples: [{ args: (r) => [r.client, SCHEMA, UUID] }] },
  outboxBacklog: { kind: 'function', samples: [{ args: (r) => [r.client, SCHEMA] }] },
  enqueueEvent: { kind: 'function', samples: [{ args: (r) => [r.client, SCHEMA, envelope] }] },
  OutboxRelay: {
    kind: 'class',
    create: (r) => [{ schema: SCHEMA, client: r.client, events: { publish: asyncNoop }, logger: { info: noop, warn: noop, error: noop } }],
    samples: [
      { method: 'pending', args: () => [] },
      {
        method: 'publishPending',
        variant: 'an invalid row, then one published',
        args: () => [],
        answers: [[{ id: UUID, payload: '{' }, { id: UUID, payload: envelope }]],
      },
      { method: 'publishNow', variant: 'the fast path marking rows published', args: () => [[envelope]] },
      { method: 'purgeOld', args: () => [] },
    ],
  },
};

