import { bodyDigest, cameraSignatureMatches, cameraStringToSign, signCameraRequest } from './camera-upload';

/** A known answer computed outside this code (node:crypto by hand): what a camera maker checks their firmware against. */
const STREAM_ID = '00112233445566778899aabbccddeeff';
const SEGMENT = { operation: 'segment' as const, mac: '06:62:6E:63:FB:A5', userTag: 'Ab3dE5fG7hJ9kL1m', start: '1795756400', duration: '4.000', type: '2', timestamp: '1795756405', body: Buffer.from([0x47, 0x1f, 0xff, 0x10]) };

describe('camera upload signature (decisions CU2)', () => {
  it('signs the ten lines of an upload with the streamId as key: a fixed known answer', () => {
    expect(bodyDigest(SEGMENT.body)).toBe('7add6b459141d8510808d7bfa1c314f0ac61d0c0dde8764bb0b895fac4b52e25');
    expect(cameraStringToSign(SEGMENT)).toBe(
      ['DCP-CAMERA-V1', 'POST', '/camera/v1/segments', '06:62:6E:63:FB:A5', 'Ab3dE5fG7hJ9kL1m', '1795756400', '4.000', '2', '1795756405', '7add6b459141d8510808d7bfa1c314f0ac61d0c0dde8764bb0b895fac4b52e25'].join('\n'),
    );
    expect(signCameraRequest(STREAM_ID, SEGMENT)).toBe('09821ef6b0012179396ee1ba14c57024baed3ba5b549bbd20de3c151e76b834e');
  });

  it('signs the discovery with empty segment lines and the digest of no body: a fixed known answer', () => {
    const target = { operation: 'uploadTarget' as const, mac: '06626E63FBA5', userTag: 'Ab3dE5fG7hJ9kL1m', timestamp: '1795756405' };
    expect(signCameraRequest(STREAM_ID, target)).toBe('91ee5f04937522fe1a08ddf5ca4e8e3c370e3a5e6a3aaab1487f5a1bf160a122');
  });

  it('verifies only the exact signature: any changed line, body byte or key fails, and non-hex input is refused without comparing', () => {
    const text = cameraStringToSign(SEGMENT);
    const signature = signCameraRequest(STREAM_ID, SEGMENT);
    expect(cameraSignatureMatches(STREAM_ID, text, signature)).toBe(true);
    expect(cameraSignatureMatches(STREAM_ID, text, signature.toUpperCase())).toBe(false);
    expect(cameraSignatureMatches('ffffffffffffffffffffffffffffffff', text, signature)).toBe(false);
    for (const changed of [{ mac: '06:62:6E:63:FB:A6' }, { start: '1795756401' }, { type: '0' }, { duration: '4' }, { timestamp: '1795756406' }, { body: Buffer.from([0x47, 0x1f, 0xff, 0x11]) }]) {
      expect(cameraSignatureMatches(STREAM_ID, cameraStringToSign({ ...SEGMENT, ...changed }), signature)).toBe(false);
    }
    expect(cameraSignatureMatches(STREAM_ID, text, 'not hex')).toBe(false);
    expect(cameraSignatureMatches(STREAM_ID, text, signature.slice(2))).toBe(false);
  });
});
