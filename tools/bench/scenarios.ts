/**
 * The scenarios: for each, the autocannon request pipeline one side (the platform or a baseline) is loaded
 * with, built from that side's seeded users. Baselines get the same requests: the bare one answers them from
 * memory, the hand-written one does the work on the database the platform seeded.
 */
import type { Request } from 'autocannon';
import { join } from 'node:path';
import { md5Hex, signedHeaders } from '@dcp/signing';
import { type DeliveryFigures, alarmPosts, describeAfterRuns, ledgerOf, settleSide } from './alarm-push';
import { SEGMENT_SECONDS, cameraRefusal, cameraUploads, loadSegment } from './camera-ingest';
import type { Side } from './runner';
import { type Seed, type SeededUser, benchMac, deviceForm, firmwareLatestParams, merchantToken } from './seed';
import { ADMIN_TOKEN } from './targets';

export type BaselineKind = 'bare' | 'pg' | 'ingest';

export interface Scenario {
  name: string;
  title: string;
  /** What one "request" of the figures is, when a pipeline mixes several. */
  unit?: string;
  baselines: BaselineKind[];
  /** The pipeline for one side; `macPrefix` keeps the MACs of concurrent sides apart. */
  requests(seed: Seed, macPrefix: string): Request[];
  /** Runs only when named (slow to seed, or heavy on the disk), like `startup`. */
  onlyWhenNamed?: boolean;
  /** The fixed rate (req/s) from the scenario itself instead of a fraction of the slowest side's saturation. */
  fixedRate?(seed: Seed): { rate: number; why: string };
  /** Sockets of the fixed-rate generator (default BENCH_CONNECTIONS). */
  pacedConnections?(seed: Seed): number;
  /** Which host of the platform the requests go to (default `api`): `camera` is where cameras upload (PlatformTarget.cameraUrl). */
  host?: 'api' | 'camera';
  /** Request body bytes of one request: the report adds MB/s. */
  bodyBytes?(): number;
  /**
   * The refusal code of an answer, or undefined when it succeeded; refusals are counted by code. Default: HTTP
   * ≥ 400 or an envelope with a non-empty errorCode is an error (code `HTTP <status>` or the errorCode).
   */
  refusal?(status: number, body: string): string | undefined;
  /**
   * After each run's load, inside its CPU window: waits for the work the run set off (alarm_push: the pushes) and
   * answers what it came to. Its `acceptedPerSecond` is then the saturation the fixed rate is a fraction of.
   */
  settle?(seed: Seed, loadSeconds: number): Promise<DeliveryFigures>;
  /** After all runs of a side: anything worth printing about it (`logsFrom`: its processes' output lengths at the start). */
  summary?(side: Side, logsFrom: Record<string, number>, log: (line: string) => void): Promise<void>;
}

// This file runs from dist/tools/bench/.
const SEGMENT_FIXTURE = join(__dirname, '../../../tools/camera/fixtures/scene-4s.mpegts');
let segment: Buffer | undefined;
/** The camera_ingest body: a real 4-s segment of the camera simulator (read once). */
export const ingestSegment = () => (segment ??= loadSegment(SEGMENT_FIXTURE));

const DEVICE = 'user_ipc_setting_v2_0';

function credentials(u: SeededUser): Record<string, string> {
  return { clientId: u.clientId, openId: u.openId, accessToken: u.accessToken };
}

function gatewayPath(params: Record<string, string>): string {
  return `/gateway?${new URLSearchParams(params)}`;
}

/** A GET pipeline cycling through `paths` (one per user: every request another user's, so no warm cache). */
function roundRobin(paths: string[]): Request[] {
  let next = 0;
  return [{ method: 'GET', path: paths[0], setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }];
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

const macSerials = new Map<string, number>();

/** Users who only sign in (a login replaces nobody's token used by the other scenarios). */
const LOGIN_USERS = 200;

export const SCENARIOS: Scenario[] = [
  {
    name: 'current_time',
    title: '`cloud_system.current_time` (unauthenticated, answered by the edge)',
    baselines: ['bare'],
    requests: () => [{ method: 'GET', path: '/gateway?service=cloud_system.current_time' }],
  },
  {
    name: 'getOemDeviceByUser',
    title: 'authenticated `getOemDeviceByUser`, users round-robin (every request another user: cache misses)',
    baselines: ['pg'],
    requests: (seed) => roundRobin(seed.users.map((u) => gatewayPath({ service: `${DEVICE}.getOemDeviceByUser`, ...credentials(u) }))),
  },
  {
    name: 'getOemDeviceByUser_one_user',
    title: 'authenticated `getOemDeviceByUser`, one user',
    baselines: ['pg'],
    requests: (seed) => [{ method: 'GET', path: gatewayPath({ service: `${DEVICE}.getOemDeviceByUser`, ...credentials(seed.users[0]) }) }],
  },
  {
    name: 'add_del_pair',
    title: '`addOemDevice` then `delOemDeviceByMac` of the same new MAC, users round-robin',
    unit: 'requests (a pair is 2)',
    baselines: ['pg'],
    requests: (seed, macPrefix) => {
      const users = seed.users;
      return [
        {
          method: 'POST',
          path: `/gateway?service=${DEVICE}.addOemDevice`,
          headers: form,
          setupRequest: (req, context) => {
            // Never reused within a bench run: an add left without its delete (the run ended between them) cannot collide.
            const n = macSerials.get(macPrefix) ?? 0;
            macSerials.set(macPrefix, n + 1);
            const user = users[n % users.length];
            const mac = benchMac(macPrefix, n);
            context.del = new URLSearchParams({ ...credentials(user), macAddr: mac }).toString();
            return { ...req, body: new URLSearchParams({ ...credentials(user), ...deviceForm(mac) }).toString() };
          },
        },
        { method: 'POST', path: `/gateway?service=${DEVICE}.delOemDeviceByMac`, headers: form, setupRequest: (req, context) => ({ ...req, body: String(context.del) }) },
      ];
    },
  },
  {
    name: 'authorize_by_token',
    title: '`/sso/authorize_by_token` (signed; the platform asks the local merchant\'s is_valid_token), 200 users round-robin',
    baselines: ['bare'],
    requests: (seed) => {
      let next = 0;
      return [
        {
          method: 'POST',
          path: '/sso/authorize_by_token',
          setupRequest: (req) => {
            // A fresh merchant token per login: the same signed request twice would be refused as a replay.
            const params = { token: merchantToken(`bench-login-${next++ % LOGIN_USERS}`) };
            const headers = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, clientId: seed.merchant.clientId, clientSecret: seed.merchant.clientSecret });
            return { ...req, headers: { ...headers, ...form }, body: new URLSearchParams(params).toString() };
          },
        },
      ];
    },
  },
  {
    name: 'record_play',
    title: 'signed `record.play`, then its playlist, then the first segment (users round-robin)',
    unit: 'requests (a playback is 3)',
    baselines: ['bare'],
    requests: (seed) => {
      let next = 0;
      const users = seed.users;
      return [
        {
          method: 'GET',
          path: '/stream',
          setupRequest: (req, context) => {
            const u = users[next++ % users.length];
            const timestamp = String(Math.floor(Date.now() / 1000) + 120);
            context.playlist = undefined;
            const q = new URLSearchParams({ service: 'record.play', devId: u.macs[0], timestamp, sessionToken: md5Hex(u.subtoken + timestamp), recordSt: String(seed.recordStart), version: '1.0' });
            return { ...req, path: `/stream?${q}` };
          },
          onResponse: (status, body, context) => {
            const m = status === 200 ? /"recordUrl":"([^"]+)"/.exec(body) : null;
            if (m) {
              const u = new URL(m[1]);
              context.playlist = u.pathname + u.search;
            }
          },
        },
        {
          method: 'GET',
          path: '/hls',
          // No playlist address (record.play failed): start the pipeline over (the failure is counted).
          setupRequest: (req, context) => (context.playlist ? { ...req, path: String(context.playlist) } : null),
          onResponse: (status, body, context) => {
            const line = status === 200 ? body.split('\n').find((l) => l.startsWith('http')) : undefined;
            if (line) {
              const u = new URL(line);
              context.segment = u.pathname + u.search;
            } else context.segment = undefined;
          },
        },
        { method: 'GET', path: '/hls', setupRequest: (req, context) => (context.segment ? { ...req, path: String(context.segment) } : null) },
      ];
    },
  },
  {
    name: 'firmware_latest',
    title: 'authenticated `firmware.latest` (a device on 1.0.0 is offered 2.0.0), users round-robin',
    baselines: ['bare'],
    requests: (seed) =>
      roundRobin(
        seed.users.map((u) =>
          gatewayPath({ ...firmwareLatestParams(seed, u.macs[0]), ...credentials(u) }),
        ),
      ),
  },
  {
    name: 'camera_ingest',
    host: 'camera',
    title: `cameras upload a ${SEGMENT_SECONDS}-s MPEG-TS segment each (\`POST /camera/v1/segments\`, signed with the camera's streamId), cameras round-robin; at the fixed rate every camera sends one segment every ${SEGMENT_SECONDS} s`,
    unit: 'uploads',
    baselines: ['ingest'],
    onlyWhenNamed: true,
    requests: (seed, macPrefix) => cameraUploads(seed.cameras, ingestSegment(), macPrefix),
    fixedRate: (seed) => ({ rate: seed.cameras.length / SEGMENT_SECONDS, why: `${seed.cameras.length} cameras × one segment every ${SEGMENT_SECONDS} s, one socket per camera at most` }),
    // One socket per camera at most, as each camera has its own connection.
    pacedConnections: (seed) => Math.max(1, seed.cameras.length),
    bodyBytes: () => ingestSegment().length,
    refusal: cameraRefusal,
  },
  {
    name: 'alarm_push',
    title:
      'cameras post alarms (`POST /push/v1/alarms`, no picture, signed with the owner\'s push tag), owners round-robin, each alarm a new message (types in turn); push-service pushes each to every phone of the owner (BENCH_PHONES_PER_USER, 2) through FCM HTTP v1, the local FCM server as the receiver; figures count alarms answered, and POST → FCM per delivery',
    unit: 'alarms',
    // Nothing to compare a push's latency with: a baseline would have to be a second push service (see docs/benchmarks.md).
    baselines: [],
    onlyWhenNamed: true,
    requests: (seed) => alarmPosts(ledgerOf(seed.phoneOwners)),
    refusal: cameraRefusal,
    settle: (seed, loadSeconds) => settleSide(seed.phoneOwners, loadSeconds),
    summary: async (side, logsFrom, log) => {
      if (!side.adminUrl) return;
      await describeAfterRuns({ owners: side.seed.phoneOwners, adminUrl: side.adminUrl, adminToken: ADMIN_TOKEN, clientId: side.seed.merchant.clientId, logs: side.logs?.() ?? {}, logsFrom }, log);
    },
  },
];

/** The default check: HTTP ≥ 400 or an envelope with a non-empty errorCode. */
function defaultRefusal(status: number, body: string): string | undefined {
  const envelopeError = body.startsWith('{') && !body.includes('"errorCode":""');
  if (status < 400 && !envelopeError) return undefined;
  const code = /"errorCode":"([^"]*)"/.exec(body)?.[1];
  return code ? code : `HTTP ${status}`;
}

export interface Failures {
  count: number;
  sample?: string;
  /** Refusals by code (errorCode, or `HTTP <status>`). */
  byCode?: Record<string, number>;
}

/**
 * The scenario's pipeline with every response checked (`refusal`, default: HTTP ≥ 400 or an envelope with an
 * errorCode is an error), refusals counted by code.
 */
export function checkedRequests(requests: Request[], failures: Failures, refusal: (status: number, body: string) => string | undefined = defaultRefusal): Request[] {
  return requests.map((r) => ({
    ...r,
    onResponse: (status, body, context, headers) => {
      const code = refusal(status, body);
      if (code !== undefined) {
        failures.count++;
        failures.sample ??= `HTTP ${status} ${body.slice(0, 200)}`;
        failures.byCode ??= {};
        failures.byCode[code] = (failures.byCode[code] ?? 0) + 1;
      }
      r.onResponse?.(status, body, context, headers);
    },
  }));
}
