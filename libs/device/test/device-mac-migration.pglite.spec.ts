/**
 * The MAC migration (docs/decisions.md D25) on the embedded database (PGlite, what `npm start` keeps under
 * DATA_DIR): a data folder written by the previous release holds devices in the colon form; the next start
 * migrates it like PostgreSQL — rows rewritten to 12 hex digits, or, on a collision, nothing changed at all.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateService, migrationNames, migrationStatus, openAdapter, serviceDatabase } from '@dcp/database';

const def = serviceDatabase('device');
const names = migrationNames(def);
const ours = names.findIndex((n) => n.endsWith('_mac_canonical_hex'));

describe('device: the MAC migration on PGlite (embedded mode)', () => {
  /** The previous release's schema, migrated once for the whole file (closed): each test starts from a copy. */
  let previousSchema: string;
  let dir: string;
  beforeAll(async () => {
    previousSchema = mkdtempSync(join(tmpdir(), 'dcp-device-mac-previous-'));
    await migrateService(def, { kind: 'pglite', dataDir: join(previousSchema, 'pglite') }, { upTo: names[ours - 1] });
  });
  afterAll(() => rmSync(previousSchema, { recursive: true, force: true }));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dcp-device-mac-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A data folder as the previous release left it (every migration before ours applied), holding devices with these MACs. */
  async function previousRelease(macs: string[]): Promise<{ config: { kind: 'pglite'; dataDir: string }; before: string[]; rest: string[] }> {
    const config = { kind: 'pglite' as const, dataDir: join(dir, 'pglite') };
    cpSync(join(previousSchema, 'pglite'), config.dataDir, { recursive: true });
    const db = openAdapter(config);
    try {
      for (const [i, mac] of macs.entries()) {
        await db.query(
          `INSERT INTO device.device (mac_addr, user_id, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code, updated_at)
           VALUES ('${mac}', ${i + 1}, 'cam', 'CAM', 'admin', 'v1.x.y.z', 2, 1, 0, 'ACME', now())`,
        );
      }
    } finally {
      await db.close();
    }
    return { config, before: names.slice(0, ours), rest: names.slice(ours) };
  }

  const stored = async (config: { kind: 'pglite'; dataDir: string }) => {
    const db = openAdapter(config);
    try {
      return (await db.query<{ mac_addr: string }>('SELECT mac_addr FROM device.device ORDER BY id')).map((r) => r.mac_addr);
    } finally {
      await db.close();
    }
  };

  it('rewrites the colon form to 12 upper-case hex digits', async () => {
    const { config, rest } = await previousRelease(['AA:BB:CC:DD:EE:01', '0a:1b:2c:3d:4e:5f', 'AA-BB-CC-DD-EE-02']);
    expect((await migrateService(def, config)).applied).toEqual(rest);
    expect(await stored(config)).toEqual(['AABBCCDDEE01', '0A1B2C3D4E5F', 'AABBCCDDEE02']);
  });

  it('fails whole on a collision, leaving every row as it was', async () => {
    const { config, before, rest } = await previousRelease(['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:05', 'AABBCCDDEE05']);
    // (PGlite's driver reports the unique violation only as an "external connector error".)
    await expect(migrateService(def, config)).rejects.toThrow(/^device: migrations could not be applied/);
    expect(await stored(config)).toEqual(['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:05', 'AABBCCDDEE05']);
    expect(await migrationStatus(def, config)).toMatchObject({ applied: before, failed: [rest[0]] });
  });
});
