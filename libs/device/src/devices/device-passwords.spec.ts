import { SecretBox } from '@dcp/signing';
import { fakeConfig } from '../test/fakes';
import { DevicePasswords } from './device-passwords';

describe('DevicePasswords (D4, D24)', () => {
  const config = fakeConfig();
  const passwords = new DevicePasswords(config);
  const box = new SecretBox(config.secretsKey);

  it('encrypts under the canonical MAC (12 hex digits) as additional data and decrypts it back', () => {
    const ciphertext = passwords.encrypt('06626E63FBA5', 'ENC(pw)');
    expect(ciphertext).toMatch(/^v2\./);
    expect(ciphertext).not.toContain('ENC(pw)');
    expect(box.decrypt(ciphertext, '06626E63FBA5')).toBe('ENC(pw)');
    expect(() => box.decrypt(ciphertext, '06:62:6E:63:FB:A5')).toThrow();
    expect(passwords.decrypt({ macAddr: '06626E63FBA5', passwordCiphertext: ciphertext })).toBe('ENC(pw)');
  });

  it('still decrypts a password stored before the change, bound to the colon spelling of the same MAC', () => {
    const legacy = box.encrypt('ENC(old)', '06:62:6E:63:FB:A5');
    expect(passwords.decrypt({ macAddr: '06626E63FBA5', passwordCiphertext: legacy })).toBe('ENC(old)');
  });

  it('a ciphertext moved to another device\'s row does not decrypt, in either form', () => {
    const current = passwords.encrypt('06626E63FBA5', 'ENC(pw)');
    const legacy = box.encrypt('ENC(pw)', '06:62:6E:63:FB:A5');
    for (const passwordCiphertext of [current, legacy]) expect(() => passwords.decrypt({ macAddr: '06626E63FBA6', passwordCiphertext })).toThrow();
  });

  it('a ciphertext under another key does not decrypt', () => {
    const other = new DevicePasswords(fakeConfig());
    expect(() => passwords.decrypt({ macAddr: '06626E63FBA5', passwordCiphertext: other.encrypt('06626E63FBA5', 'x') })).toThrow();
  });
});
