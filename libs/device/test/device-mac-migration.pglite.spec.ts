/**
 * The MAC migration (docs/decisions.md D25) on the embedded database (PGlite, what `npm start` keeps under
 * DATA_DIR): a database the previous release migrated holds devices in the colon form; the next start
 * migrates it like PostgreSQL — rows rewritten to 12 hex digits, or, on a collision, nothing changed at all.
 * Each test's database is an in-memory PGlite instance (the same engine and SQL as a data folder, whose
 * reopening libs/database/test/pglite.spec.ts covers): fresh from the cached empty cluster and migrated up to
 * the previous release, cheaper than writing and copying a 40 MB folder per test.
 */
import { type AdapterHandle, migrateService, migrationNames, migrationStatus, openAdapter, serviceDatabase } from '@dcp/database';

const def = serviceDatabase('device');
const names = migrationNames(def);
const ours = names.findIndex((n) => n.endsWith('_mac_canonical_hex'));

let counter = 0;

describe('device: the MAC migration on PGlite (embedded mode)', () => {
  /** The test's one instance, held for the whole test: the migrations and the reads share it (an in-memory instance ends with its last user). */
  let db: AdapterHandle | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  /** A database as the previous release left it (every migration before ours applied), holding devices with these MACs. */
  async function previousRelease(macs: string[]): Promise<{ config: { kind: 'pglite'; dataDir: string }; before: string[]; rest: string[] }> {
    const config = { kind: 'pglite' as const, dataDir: `memory://device-mac-${process.pid}-${++counter}` };
    db = openAdapter(config);
    expect(await migrateService(def, config, { upTo: names[ours - 1] })).toEqual({ service: 'device', applied: names.slice(0, ours) });
    for (const [i, mac] of macs.entries()) {
      await db.query(
        `INSERT INTO device.device (mac_addr, user_id, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code, updated_at)
         VALUES ('${mac}', ${i + 1}, 'cam', 'CAM', 'admin', 'v1.x.y.z', 2, 1, 0, 'ACME', now())`,
      );
    }
    return { config, before: names.slice(0, ours), rest: names.slice(ours) };
  }

  const stored = async () => (await db!.query<{ mac_addr: string }>('SELECT mac_addr FROM device.device ORDER BY id')).map((r) => r.mac_addr);

  it('rewrites the colon form to 12 upper-case hex digits', async () => {
    const { config, rest } = await previousRelease(['AA:BB:CC:DD:EE:01', '0a:1b:2c:3d:4e:5f', 'AA-BB-CC-DD-EE-02']);
    expect((await migrateService(def, config)).applied).toEqual(rest);
    expect(await stored()).toEqual(['AABBCCDDEE01', '0A1B2C3D4E5F', 'AABBCCDDEE02']);
  });

  it('fails whole on a collision, leaving every row as it was', async () => {
    const { config, before, rest } = await previousRelease(['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:05', 'AABBCCDDEE05']);
    // (PGlite's driver reports the unique violation only as an "external connector error".)
    await expect(migrateService(def, config)).rejects.toThrow(/^device: migrations could not be applied/);
    expect(await stored()).toEqual(['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:05', 'AABBCCDDEE05']);
    expect(await migrationStatus(def, config)).toMatchObject({ applied: before, failed: [rest[0]] });
  });
});
