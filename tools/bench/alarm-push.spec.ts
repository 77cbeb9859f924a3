import { ALARM_PATH, alarmSignatureMatches, alarmStringToSign } from '@dcp/signing';
import { AlarmLedger, type Arrival, type SeededPhoneOwner, alarmPosts, alarmType, blurIds, logProblems, phonesPerUser, readAlarmAnswer } from './alarm-push';

const owners: SeededPhoneOwner[] = [
  { mac: '0B0000000000', tag: 'tag-zero-0123456', tokens: ['t0a', 't0b'] },
  { mac: '0B0000000001', tag: 'tag-one-01234567', tokens: ['t1a'] },
];
const created = (messageId: string) => JSON.stringify({ errorCode: '000000', data: { messageId, devId: 'x', type: 1, count: 1, merged: false } });
const merged = (messageId: string) => JSON.stringify({ errorCode: '000000', data: { messageId, devId: 'x', type: 1, count: 2, merged: true } });
const arrival = (messageId: string, token: string, receivedAt: number, devId = '', type = ''): Arrival => [messageId, token, receivedAt, devId, type];

describe('alarm_push: who posts, with which type, how many phones', () => {
  it('takes the ten known types in turn per camera', () => {
    expect(Array.from({ length: 12 }, (_, k) => alarmType(k))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2]);
  });

  it('gives every user the same number of phones, the last one the rest: exactly the total', () => {
    expect(phonesPerUser(7, 2)).toEqual([2, 2, 2, 1]);
    expect(phonesPerUser(3, 1)).toEqual([1, 1, 1]);
    const plan = phonesPerUser(10_000, 2);
    expect(plan.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(plan).toHaveLength(5_000);
  });

  it('goes round the cameras, each camera to its next type, over runs too', () => {
    const ledger = new AlarmLedger(owners);
    expect([ledger.next(), ledger.next(), ledger.next(), ledger.next(), ledger.next()]).toEqual([
      { owner: 0, type: 1 },
      { owner: 1, type: 1 },
      { owner: 0, type: 2 },
      { owner: 1, type: 2 },
      { owner: 0, type: 3 },
    ]);
    ledger.settle(0, 1);
    expect(ledger.next()).toEqual({ owner: 1, type: 3 });
  });

  it('signs each alarm with its camera owner\'s tag, as the camera protocol says', () => {
    const ledger = new AlarmLedger(owners);
    const [step] = alarmPosts(ledger);
    const context: Record<string, unknown> = { scheduledAt: 1234.5 };
    const req = step.setupRequest!({ method: 'POST', path: ALARM_PATH }, context)!;
    const url = new URL(req.path!, 'http://platform');
    expect(url.pathname).toBe(ALARM_PATH);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ mac: owners[0].mac, type: '1' });
    expect(Number(q.timestamp) - Number(q.time)).toBe(1);
    expect(alarmSignatureMatches(owners[0].tag, alarmStringToSign({ mac: q.mac, type: q.type, time: q.time, timestamp: q.timestamp }), q.signature)).toBe(true);
    // The fixed rate's schedule is where the latency starts.
    expect(Number(context.sentAt)).toBeCloseTo(performance.timeOrigin + 1234.5, 3);
  });
});

describe('alarm_push: answers', () => {
  it('reads a new message, a merged one and refusals', () => {
    expect(readAlarmAnswer(201, created('m1'))).toEqual({ kind: 'new', messageId: 'm1' });
    expect(readAlarmAnswer(200, merged('m1'))).toEqual({ kind: 'merged', messageId: 'm1' });
    expect(readAlarmAnswer(429, JSON.stringify({ errorCode: 'CR0429', failureDetails: 'x' }))).toEqual({ kind: 'refused' });
    expect(readAlarmAnswer(502, 'Bad Gateway')).toEqual({ kind: 'refused' });
  });
});

describe('alarm_push: the ledger matches pushes to alarms', () => {
  it('expects one delivery per phone of the owner, measures each from the POST, and counts lost ones', () => {
    const ledger = new AlarmLedger(owners);
    ledger.next();
    ledger.answered(0, 1, 1000, 201, created('m0'));
    ledger.next();
    ledger.answered(1, 1, 1010, 201, created('m1'));
    expect(ledger.outstanding()).toBe(3);
    ledger.arrived([arrival('m0', 't0a', 1020), arrival('m1', 't1a', 1050)]);
    expect(ledger.outstanding()).toBe(1);
    const f = ledger.settle(1040, 2);
    expect(f).toMatchObject({ accepted: 2, merged: 0, acceptedPerSecond: 1, expected: 3, received: 2, lost: 1, duplicates: 0, late: 0, unanswered: 0, cutOff: 0, unmatched: 0, p50: 20, p99: 40, max: 40, drainMs: 10 });
  });

  it('counts repeats (at least once), late arrivals of an earlier run, merged alarms and pushes of no alarm', () => {
    const ledger = new AlarmLedger(owners);
    ledger.next();
    ledger.answered(0, 1, 0, 201, created('m0'));
    ledger.arrived([arrival('m0', 't0a', 5), arrival('m0', 't0a', 6)]);
    expect(ledger.settle(5, 1)).toMatchObject({ expected: 2, received: 1, duplicates: 1, lost: 1 });
    // The next run: the missing push of m0 comes late; a merged alarm owes nothing; an unknown push.
    ledger.next();
    ledger.answered(1, 1, 10, 200, merged('m0'));
    ledger.arrived([arrival('m0', 't0b', 30), arrival('other', 't1a', 31, 'FFFFFFFFFFFF', '1'), arrival('m0', 'not-a-phone-of-theirs', 32)]);
    const f = ledger.settle(20, 1);
    expect(f).toMatchObject({ accepted: 0, merged: 1, expected: 0, received: 0, lost: 0, late: 1, unmatched: 2 });
    expect(f.p50).toBeNaN();
    expect(ledger.outstanding()).toBe(0);
  });

  it('accounts for pushes of alarms whose answer was cut off, by devId and type', () => {
    const ledger = new AlarmLedger(owners);
    const { owner, type } = ledger.next();
    ledger.arrived([arrival('never-answered', 't0a', 5, owners[owner].mac, String(type)), arrival('never-answered', 't0b', 5, owners[owner].mac, String(type))]);
    expect(ledger.settle(5, 1)).toMatchObject({ unanswered: 1, cutOff: 2, unmatched: 0, expected: 0, lost: 0 });
    expect(ledger.cutOffTotals).toEqual({ alarms: 1, pushes: 2 });
  });
});

describe('alarm_push: the platform\'s warnings', () => {
  it('blurs ids and numbers so that repeats group', () => {
    expect(blurIds('delivery 1b4e28ba-2fa1-11d2-883f-0016d3cca427 of device 0B00000000A1: no answer within 10000 ms')).toBe('delivery <id> of device <mac>: no answer within N ms');
  });

  it('groups warn, error and fatal lines written after the mark, most frequent first', () => {
    const line = (level: string, msg: string) => JSON.stringify({ level, time: 'x', msg });
    const before = `${line('warn', 'old news 1')}\n`;
    const outputs = {
      push: `${before}${line('info', 'fine')}\n${line('warn', 'delivery 1 failed')}\n${line('warn', 'delivery 2 failed')}\nnot json\n`,
      edge: `${line('error', 'boom')}\n`,
    };
    expect(logProblems(outputs, { push: before.length })).toEqual([
      { process: 'push', level: 'warn', msg: 'delivery N failed', count: 2 },
      { process: 'edge', level: 'error', msg: 'boom', count: 1 },
    ]);
  });
});
