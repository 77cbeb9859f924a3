/**
 * The `alarm_push` scenario: cameras post alarms (`POST /push/v1/alarms?mac&type&time&timestamp&signature`, no
 * picture, signed with the owner's push tag, decisions PS1, PS3) and push-service pushes every new message to each
 * of the owner's phones (BENCH_PHONES_PER_USER, 2: a phone and a tablet; PS7, PS11) through FCM HTTP v1 — here
 * the local FCM server of the specs, in its own process (./fcm-receiver.ts). Measured per run: alarms answered per
 * second (the runner's table), and per delivery the time from the camera's POST to the FCM server receiving the
 * message, matched by the message's `data.messageId` (the POST's answer) and the phone's token; every delivery of
 * a run must arrive before the next run starts (the run "settles"), or it counts as lost.
 *
 * Every alarm is a new message: owners (one camera each) round-robin, and each camera's k-th alarm has type
 * k mod 10 + 1 (the ten known types in turn), so a device and type come back after 10 × devices alarms — more
 * than PUSH_ALARM_COOLDOWN_SECONDS (60) apart below 10 × devices ÷ 65 alarms/s (about 770/s with 5,000 cameras;
 * this 2-core machine accepts 320–420 distributed). A merged answer (200, merged: true) would not be pushed:
 * counted apart, expected 0. The per-device and per-user rates (20 and 200 a minute) stay far away for the same
 * reason: a camera posts once per round of all cameras.
 *
 * Times: the POST's from the fixed-rate generator's schedule (open loop: a late generator counts against the
 * platform, as in ./paced.ts) or, at saturation, from when the request was built; the arrival's from the
 * receiver. Both are `performance.timeOrigin + performance.now()`, comparable across processes of one machine.
 */
import type { Request } from 'autocannon';
import { performance } from 'node:perf_hooks';
import { ALARM_PATH, signAlarm } from '@dcp/signing';
import { percentile } from './stats';

/** One push the receiver (./fcm-receiver.ts) accepted: data.messageId, the registration token, when it arrived (epoch ms with a fraction), data.devId and data.type. */
export type Arrival = [messageId: string, token: string, receivedAt: number, devId: string, type: string];

/** The receiver's `GET /arrivals`. */
export interface ArrivalsAnswer {
  arrivals: Arrival[];
  counts: { tokenRequests: number; tokensIssued: number; sendRequests: number };
}

/** A signed-in user with one camera (`mac`), the push tag its app got, and its phones' FCM tokens (2 by default). */
export interface SeededPhoneOwner {
  mac: string;
  tag: string;
  tokens: string[];
}

/** The known alarm types (PS2: 1 motion … 10 package), taken in turn per camera. */
export const ALARM_TYPES_IN_TURN = 10;

/** The type of a camera's `visit`-th alarm (from 0). */
export function alarmType(visit: number): number {
  return (visit % ALARM_TYPES_IN_TURN) + 1;
}

/** Phones of each user: `perUser` each (a phone and a tablet: 2), the last user the rest; `total` phones in all. */
export function phonesPerUser(total: number, perUser: number): number[] {
  const each = Math.max(1, Math.floor(perUser));
  return Array.from({ length: Math.ceil(total / each) }, (_, u) => Math.min(each, total - u * each));
}

/** What one run's alarms and their deliveries came to, once the run settled. */
export interface DeliveryFigures {
  /** Alarms stored as a new message (201). */
  accepted: number;
  /** Alarms merged into a message (200, merged: true): not pushed (expected 0 here). */
  merged: number;
  /** Accepted alarms (new and merged) a second over the run. */
  acceptedPerSecond: number;
  /** Deliveries the new messages owed: the owner's phones each. */
  expected: number;
  /** Distinct (message, phone) pairs that reached the receiver. */
  received: number;
  /** Expected but not received when the run settled (or gave up waiting). */
  lost: number;
  /** Arrivals of a (message, phone) already received (at least once, PS11). */
  duplicates: number;
  /** Arrivals of earlier runs' messages (their run had given up waiting). */
  late: number;
  /**
   * Alarms sent whose answer the generator never read: autocannon drops what is in flight when a saturation run
   * ends (up to one per connection). The platform may well have accepted them: their pushes are `cutOff`.
   */
  unanswered: number;
  /** Pushes of unanswered alarms (matched by devId and type): accounted for, not measured. */
  cutOff: number;
  /** Pushes matching no alarm this side sent: none expected. */
  unmatched: number;
  /** POST → receiver, ms, per delivery received in this run. */
  p50: number;
  p99: number;
  max: number;
  /** ms from the end of the load to the last delivery of the run (0 when all had arrived by then). */
  drainMs: number;
}

interface RunTally {
  sent: number;
  answered: number;
  cutOff: number;
  accepted: number;
  merged: number;
  expected: number;
  received: number;
  duplicates: number;
  late: number;
  unmatched: number;
  latencies: number[];
  lastArrival: number;
}

interface PostedMessage {
  sentAt: number;
  tokens: ReadonlySet<string>;
  /** Arrivals per token. */
  arrivals: Map<string, number>;
  tally: RunTally;
}

const newTally = (): RunTally => ({ sent: 0, answered: 0, cutOff: 0, accepted: 0, merged: 0, expected: 0, received: 0, duplicates: 0, late: 0, unmatched: 0, latencies: [], lastArrival: -Infinity });

/** What an answer of the alarm endpoint says: a new message, a merged one, or a refusal. Pure. */
export function readAlarmAnswer(status: number, body: string): { kind: 'new' | 'merged'; messageId: string } | { kind: 'refused' } {
  let doc: { errorCode?: unknown; data?: { messageId?: unknown; merged?: unknown } };
  try {
    doc = JSON.parse(body) as typeof doc;
  } catch {
    return { kind: 'refused' };
  }
  const messageId = doc.data?.messageId;
  if ((status !== 200 && status !== 201) || doc.errorCode !== '000000' || typeof messageId !== 'string') return { kind: 'refused' };
  return { kind: doc.data?.merged === true ? 'merged' : 'new', messageId };
}

/**
 * One side's alarms and their deliveries (pure: no I/O, no clock). The turn over the owners and each camera's
 * alarm count carry over from run to run; `settle` ends a run's tally and starts the next.
 */
export class AlarmLedger {
  private turn = 0;
  private readonly visits: Uint32Array;
  private readonly posted = new Map<string, PostedMessage>();
  private tally = newTally();
  /** Alarms sent and not answered yet, by `mac type` (a camera's type comes back only after 10 of its alarms). */
  private readonly unanswered = new Set<string>();
  /** Deliveries expected and not yet received, over all runs. */
  private outstandingCount = 0;
  /** Over all runs, warm-up included: alarms sent and never answered, and the pushes of theirs that arrived. */
  readonly cutOffTotals = { alarms: 0, pushes: 0 };

  constructor(readonly owners: readonly SeededPhoneOwner[]) {
    if (owners.length === 0) throw new Error('alarm_push: no phone owners were seeded');
    this.visits = new Uint32Array(owners.length);
  }

  /** The next camera in turn and the type of its alarm, counted as sent. */
  next(): { owner: number; type: number } {
    const owner = this.turn++ % this.owners.length;
    const type = alarmType(this.visits[owner]++);
    this.tally.sent++;
    this.unanswered.add(`${this.owners[owner].mac} ${type}`);
    return { owner, type };
  }

  /** An answer to the alarm of type `type` that `owner`'s camera posted at `sentAt`. */
  answered(owner: number, type: number, sentAt: number, status: number, body: string): void {
    this.tally.answered++;
    this.unanswered.delete(`${this.owners[owner].mac} ${type}`);
    const answer = readAlarmAnswer(status, body);
    if (answer.kind === 'refused') return; // counted by the runner's refusal check
    if (answer.kind === 'merged') {
      this.tally.merged++;
      return;
    }
    this.tally.accepted++;
    const tokens = new Set(this.owners[owner].tokens);
    this.tally.expected += tokens.size;
    this.outstandingCount += tokens.size;
    this.posted.set(answer.messageId, { sentAt, tokens, arrivals: new Map(), tally: this.tally });
  }

  /** Pushes the receiver took. */
  arrived(arrivals: readonly Arrival[]): void {
    for (const [messageId, token, receivedAt, devId, type] of arrivals) {
      const message = this.posted.get(messageId);
      if (!message || !message.tokens.has(token)) {
        if (!message && this.unanswered.has(`${devId} ${type}`)) {
          this.tally.cutOff++;
          this.cutOffTotals.pushes++;
        } else this.tally.unmatched++;
        continue;
      }
      const seen = message.arrivals.get(token) ?? 0;
      message.arrivals.set(token, seen + 1);
      if (seen > 0) {
        this.tally.duplicates++;
        continue;
      }
      this.outstandingCount--;
      if (message.tally !== this.tally) {
        this.tally.late++;
        continue;
      }
      this.tally.received++;
      this.tally.latencies.push(receivedAt - message.sentAt);
      this.tally.lastArrival = Math.max(this.tally.lastArrival, receivedAt);
    }
  }

  /** Deliveries expected and not received yet, all runs. */
  outstanding(): number {
    return this.outstandingCount;
  }

  /** The current run's figures; the next alarms count towards a new run. `loadEndedAt`: when the last answer came. */
  settle(loadEndedAt: number, loadSeconds: number): DeliveryFigures {
    const t = this.tally;
    this.tally = newTally();
    this.cutOffTotals.alarms += t.sent - t.answered;
    return {
      accepted: t.accepted,
      merged: t.merged,
      acceptedPerSecond: loadSeconds > 0 ? (t.accepted + t.merged) / loadSeconds : NaN,
      expected: t.expected,
      received: t.received,
      lost: t.expected - t.received,
      duplicates: t.duplicates,
      late: t.late,
      unanswered: t.sent - t.answered,
      cutOff: t.cutOff,
      unmatched: t.unmatched,
      p50: percentile(t.latencies, 50),
      p99: percentile(t.latencies, 99),
      max: t.latencies.length ? Math.max(...t.latencies) : NaN,
      drainMs: t.received > 0 ? Math.max(0, t.lastArrival - loadEndedAt) : NaN,
    };
  }
}

/** Epoch ms with a fraction, as the receiver stamps arrivals. */
export const epochMs = (perfNow = performance.now()) => performance.timeOrigin + perfNow;

/** The pipeline: one alarm per request, each freshly signed; its answer goes to the ledger. */
export function alarmPosts(ledger: AlarmLedger): Request[] {
  return [
    {
      method: 'POST',
      path: ALARM_PATH,
      setupRequest: (req, context) => {
        const { owner, type } = ledger.next();
        const camera = ledger.owners[owner];
        const nowS = Math.floor(Date.now() / 1000);
        const values = { mac: camera.mac, type: String(type), time: String(nowS - 1), timestamp: String(nowS) };
        context.owner = owner;
        context.type = type;
        // The fixed-rate generator's schedule when there is one (./paced.ts), else now.
        context.sentAt = epochMs(typeof context.scheduledAt === 'number' ? context.scheduledAt : undefined);
        return { ...req, path: `${ALARM_PATH}?${new URLSearchParams({ ...values, signature: signAlarm(camera.tag, values) })}` };
      },
      onResponse: (status, body, context) => ledger.answered(Number(context.owner), Number(context.type), Number(context.sentAt), status, body),
    },
  ];
}

/** The receiver process's control address (./fcm-receiver.ts). */
export class ReceiverClient {
  constructor(readonly url: string) {}

  async arrivals(): Promise<ArrivalsAnswer> {
    const res = await fetch(`${this.url}/arrivals`);
    if (res.status !== 200) throw new Error(`fcm receiver: /arrivals answered ${res.status}`);
    return (await res.json()) as ArrivalsAnswer;
  }

  async account(): Promise<{ projectId: string; clientEmail: string; privateKey: string }> {
    const res = await fetch(`${this.url}/account`, { method: 'POST' });
    if (res.status !== 200) throw new Error(`fcm receiver: /account answered ${res.status}`);
    return (await res.json()) as { projectId: string; clientEmail: string; privateKey: string };
  }
}

/**
 * Waits until every delivery of every run so far reached the receiver, or `timeoutMs` passed; then ends the
 * run's tally. Polls the receiver every 100 ms.
 */
export async function settleRun(ledger: AlarmLedger, receiver: ReceiverClient, loadSeconds: number, timeoutMs: number): Promise<DeliveryFigures> {
  const loadEndedAt = epochMs();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    ledger.arrived((await receiver.arrivals()).arrivals);
    if (ledger.outstanding() <= 0 || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return ledger.settle(loadEndedAt, loadSeconds);
}

/** Set by the bench when the scenario runs: the receiver and how long a run may take to settle. */
let receiver: ReceiverClient | undefined;
let settleTimeoutMs = 60_000;
const ledgers = new WeakMap<readonly SeededPhoneOwner[], AlarmLedger>();

export function configureAlarmPush(opts: { receiverUrl: string; settleTimeoutMs: number }): void {
  receiver = new ReceiverClient(opts.receiverUrl);
  settleTimeoutMs = opts.settleTimeoutMs;
}

/** The ledger of one seed's phone owners (one per platform: its turn and counts carry over from run to run). */
export function ledgerOf(owners: readonly SeededPhoneOwner[]): AlarmLedger {
  let ledger = ledgers.get(owners);
  if (!ledger) ledgers.set(owners, (ledger = new AlarmLedger(owners)));
  return ledger;
}

/** The scenario's settle step for one side (the runner calls it after each run's load). */
export function settleSide(owners: readonly SeededPhoneOwner[], loadSeconds: number): Promise<DeliveryFigures> {
  if (!receiver) throw new Error('alarm_push: the FCM receiver is not configured (configureAlarmPush)');
  return settleRun(ledgerOf(owners), receiver, loadSeconds, settleTimeoutMs);
}

/** A log line's message with ids and numbers blurred, so that repeats of one problem group together. */
export function blurIds(msg: string): string {
  return msg
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b[0-9A-F]{12}\b/g, '<mac>')
    .replace(/\d+/g, 'N')
    .slice(0, 200);
}

export interface LogProblem {
  process: string;
  level: string;
  msg: string;
  count: number;
}

/**
 * The warn, error and fatal lines (JSON, as the platform logs) each process wrote after `from` (characters of its
 * output), grouped by process, level and blurred message, most frequent first. Pure.
 */
export function logProblems(outputs: Record<string, string>, from: Record<string, number> = {}): LogProblem[] {
  const groups = new Map<string, LogProblem>();
  for (const [process, output] of Object.entries(outputs)) {
    for (const line of output.slice(from[process] ?? 0).split('\n')) {
      if (!line.startsWith('{')) continue;
      let doc: { level?: unknown; msg?: unknown; err?: { message?: unknown } };
      try {
        doc = JSON.parse(line) as typeof doc;
      } catch {
        continue;
      }
      const level = String(doc.level);
      if (level !== 'warn' && level !== 'error' && level !== 'fatal') continue;
      const msg = blurIds(`${String(doc.msg ?? '')}${doc.err?.message ? `: ${String(doc.err.message)}` : ''}`);
      const key = `${process}\n${level}\n${msg}`;
      const group = groups.get(key) ?? { process, level, msg, count: 0 };
      group.count++;
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.process.localeCompare(b.process));
}

/**
 * After one side's runs: the merchant's delivery health as push-service's operators see it (sent, pending,
 * invalid tokens, dead letters, the breaker; admin API), the receiver's request counts, and the platform's
 * warnings and errors written during the scenario.
 */
export async function describeAfterRuns(
  o: { owners: readonly SeededPhoneOwner[]; adminUrl: string; adminToken: string; clientId: string; logs: Record<string, string>; logsFrom: Record<string, number> },
  log: (line: string) => void,
): Promise<void> {
  try {
    const res = await fetch(`${o.adminUrl}/admin/v1/push/merchants/${encodeURIComponent(o.clientId)}`, { headers: { authorization: `Bearer ${o.adminToken}` } });
    const view = (await res.json()) as { health?: Record<string, unknown>[] };
    for (const h of view.health ?? []) {
      log(`  push health (admin API, last 24 h): ${String(h.provider)} sent ${String(h.sent)}, pending ${String(h.pending)}, invalid tokens ${String(h.invalidTokens)}, dead ${String(h.dead)}, breaker ${String(h.breaker)}${h.lastError ? `, last error: ${String(h.lastError)}` : ''}`);
    }
  } catch (err) {
    log(`  push health: the admin API could not be read (${String(err)})`);
  }
  if (receiver) {
    const { arrivals, counts } = await receiver.arrivals();
    const ledger = ledgerOf(o.owners);
    ledger.arrived(arrivals);
    const after = arrivals.length ? `; ${arrivals.length} arrival(s) after the last run settled` : '';
    log(`  FCM receiver (all modes so far): ${counts.tokenRequests} token requests (${counts.tokensIssued} access tokens issued), ${counts.sendRequests} send requests${after}; deliveries still outstanding: ${ledger.outstanding()}`);
    const cut = ledger.cutOffTotals;
    if (cut.alarms > 0) log(`  alarms in flight when a saturation run ended (autocannon drops their answers), all runs and the warm-up: ${cut.alarms}; pushes of theirs that arrived (matched by devId and type): ${cut.pushes}, at most ${cut.alarms} × the owner's phones`);
  }
  const problems = logProblems(o.logs, o.logsFrom);
  if (problems.length === 0) log('  platform log: no warn or error line during the scenario');
  else for (const p of problems.slice(0, 10)) log(`  platform log: ${p.count} × ${p.process} ${p.level}: ${p.msg}`);
}
