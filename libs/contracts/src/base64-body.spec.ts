import { decodeStrictBase64 } from './base64-body';

describe('decodeStrictBase64', () => {
  it('decodes padded base64 exactly', () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from([1]), Buffer.from([1, 2]), Buffer.from([1, 2, 3]), Buffer.from('hello, transport stream')]) {
      expect(decodeStrictBase64(bytes.toString('base64'))).toEqual(bytes);
    }
  });

  it.each(['QUJD RA==', 'QUJD\nRA==', 'QUJD!A==', 'QUJDRA=', 'QQ==QUJD', 'QUJDRA', '****'])('refuses %j (Buffer.from would decode something else)', (text) => {
    expect(decodeStrictBase64(text)).toBeUndefined();
  });
});
