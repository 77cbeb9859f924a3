import { createHash, createHmac } from 'node:crypto';
import { alarmSignatureMatches, alarmStringToSign, signAlarm } from './camera-alarm';

const PICTURE = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const TAG = 'TagOfUserSeven12';
const INPUT = { mac: '06:62:6E:63:FB:A5', type: '1', time: '1767225600', timestamp: '1767225601', picture: PICTURE };

describe('camera alarm signature (decisions PS1, PS3)', () => {
  it('signs the eight lines (the tag is the key, never sent), the picture by its SHA-256 (a known answer a camera maker can check against)', () => {
    const text = alarmStringToSign(INPUT);
    expect(text).toBe(['DCP-ALARM-V1', 'POST', '/push/v1/alarms', '06:62:6E:63:FB:A5', '1', '1767225600', '1767225601', createHash('sha256').update(PICTURE).digest('hex')].join('\n'));
    expect(signAlarm(TAG, INPUT)).toBe(createHmac('sha256', 'TagOfUserSeven12').update(text).digest('hex'));
    // The known answer, for implementations in other languages.
    expect(signAlarm(TAG, INPUT)).toBe('7d8c6b5c019089236100d9431a91a6bf92f238e4d9eb88d825c43241d203897a');
  });

  it('without a picture signs the SHA-256 of nothing', () => {
    expect(alarmStringToSign({ ...INPUT, picture: undefined }).split('\n')[7]).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('matches only the tag\'s signature of that text, in either case; anything else is refused', () => {
    const text = alarmStringToSign(INPUT);
    const signature = signAlarm(TAG, INPUT);
    expect(alarmSignatureMatches(TAG, text, signature)).toBe(true);
    expect(alarmSignatureMatches(TAG, text, signature.toUpperCase())).toBe(true);
    expect(alarmSignatureMatches('AnotherUsersTag1', text, signature)).toBe(false);
    expect(alarmSignatureMatches(TAG, alarmStringToSign({ ...INPUT, type: '2' }), signature)).toBe(false);
    expect(alarmSignatureMatches(TAG, text, 'not hex')).toBe(false);
  });
});
