/**
 * SECRETS_KEY rotation (docs/decisions.md SK1–SK3) on device-service: after a replica starts with a new
 * SECRETS_KEY and the old one in SECRETS_KEY_PREVIOUS, every delKey and device password is re-encrypted
 * under the new key, and a replica that knows only the new key serves them unchanged.
 */
import { randomBytes } from 'node:crypto';
import { md5Hex, secretKeyId } from '@dcp/signing';
import { describeWithInfra } from '@dcp/testing';
import { ReencryptDeviceSecretsJob } from '../src/reencrypt-device-secrets.job';
import { type DeviceHarness, newUser, randomMac, startDeviceHarness } from './device-harness';

const OP = (name: string) => `user_ipc_setting_v2_0.${name}`;

describeWithInfra(['postgres'], 'device: SECRETS_KEY rotation (PostgreSQL)', () => {
  const harnesses: DeviceHarness[] = [];
  // Replicas first, the harness that created the database last: its drop ends every connection still open.
  afterAll(async () => {
    for (const h of harnesses.reverse()) await h.close();
  });
  const start = async (opts: Parameters<typeof startDeviceHarness>[0]) => {
    const h = await startDeviceHarness(opts);
    harnesses.push(h);
    return h;
  };

  it('re-encrypts delKeys and passwords under the new key; a replica with only the new key serves them as before', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const newKey = randomBytes(32).toString('hex');
    const before = await start({ secretsKey: oldKey });
    const maker = await before.createManufacturer();
    const owner = newUser();
    const macs = [randomMac(), randomMac(), randomMac()];
    for (const [i, mac] of macs.entries()) {
      await before.gateway(
        OP('addOemDevice'),
        { macAddr: mac, deviceName: 'd', username: 'u', password: `pw-${i}`, hasusertag: '0', supportStore: '1', supportRichMedia: '1', productName: 'CAM', oemCode: maker.oemCode },
        owner,
      );
    }

    const rotated = await start({ databaseUrl: before.databaseUrl, secretsKey: newKey, secretsKeyPrevious: oldKey });
    const outcome = await rotated.module.get(ReencryptDeviceSecretsJob).finished();
    expect(outcome['manufacturer delKeys']).toEqual({ reencrypted: 1, unreadable: 0, changedMeanwhile: 0 });
    expect(outcome['device passwords']).toEqual({ reencrypted: 3, unreadable: 0, changedMeanwhile: 0 });

    const prefix = `v2.${secretKeyId(Buffer.from(newKey, 'hex'))}.`;
    const stored = await rotated.sql.query<{ c: string }>(
      'SELECT del_key_ciphertext AS c FROM device.manufacturer UNION ALL SELECT password_ciphertext FROM device.device',
    );
    expect(stored.rows.length).toBe(4);
    for (const row of stored.rows) expect(row.c.startsWith(prefix)).toBe(true);

    const onlyNew = await start({ databaseUrl: before.databaseUrl, secretsKey: newKey });
    const listed = (await onlyNew.gateway(OP('getOemDeviceByUser'), {}, owner)) as { data: { macAddr: string; password: string }[] };
    expect(listed.data.map((d) => [d.macAddr, d.password]).sort()).toEqual(macs.map((mac, i) => [mac, `pw-${i}`]).sort());
    // The delKey still verifies a force-unbind signed with it.
    const timeStamp = String(Math.floor(onlyNew.clock.now() / 1000));
    await expect(
      onlyNew.gateway(OP('delOemDeviceForce'), { mac: macs[0], timeStamp, oemCode: maker.oemCode, sign: md5Hex(`${macs[0]}${timeStamp}${maker.delKey}`) }),
    ).resolves.toEqual({});
  });

  it('a replica given neither key leaves the rows alone and counts them unreadable', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const before = await start({ secretsKey: oldKey });
    await before.createManufacturer();
    const stranger = await start({ databaseUrl: before.databaseUrl, secretsKey: randomBytes(32).toString('hex') });
    const outcome = await stranger.module.get(ReencryptDeviceSecretsJob).finished();
    expect(outcome['manufacturer delKeys']).toEqual({ reencrypted: 0, unreadable: 1, changedMeanwhile: 0 });
    const still = await before.sql.query<{ c: string }>('SELECT del_key_ciphertext AS c FROM device.manufacturer');
    expect(still.rows[0].c.startsWith(`v2.${secretKeyId(Buffer.from(oldKey, 'hex'))}.`)).toBe(true);
  });
});
