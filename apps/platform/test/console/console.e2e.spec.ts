/**
 * The operator console end to end, in Debian's Chromium: the built console served by the edge's admin port
 * (`/console/`) of an embedded platform, used as an operator would — signing in with named tokens, creating a
 * merchant, looking up a device a merchant's app bound through the signed gateway, playing its recording
 * through the signed playlist URL apps get, replaying a dead letter, switching maintenance mode, and following a
 * camera's alarms to the merchant's push server (providers, health, dead deliveries replayed). Every page
 * visited is checked with axe-core (WCAG 2.1 A/AA) and photographed at 360 px and desktop widths into
 * tmp/console-screenshots/.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { serviceDatabaseToken } from '@dcp/runtime';
import { type SqlClient, buildEvent, recordDeadLetter } from '@dcp/messaging';
import { EVENTS } from '@dcp/contracts';
import { ALARM_PATH, signAlarm } from '@dcp/signing';
import { type TestPlatform, startTestPlatform } from '../harness';
import { type StoreHost, encodeSegments, missingMediaTools, startStoreHost } from '../hls-media';
import { type Body, MerchantApp, type SignedInUser, admin, deviceForm } from '../merchant-app';
import { TestCamera } from '../camera-client';
import { Collector, tsNullPackets } from '@dcp/testing';
import { SCREENSHOTS, VIEWPORTS, accessibilityViolations, describeWithBrowser, launchBrowser, screenshot } from './browser';

const OPS_TOKEN = 'ops-token-0123456789abcdef';
const VIEWER_TOKEN = 'viewer-token-0123456789abcdef';
/** An alarm's picture as a camera sends it: a real 32×24 JPEG (ffmpeg's test pattern), so the browser must decode and draw it. */
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgoKC8oLzc3Nzc3N0E8QUNDQ0FBQUFDQ0NISEhVVVVISEhDQ0hIUFBVVVxfXFdXVVdfX2RkZHh4c3OMjJGsrM//xACKAAEBAQEBAAAAAAAAAAAAAAAHBgUAAQEBAAIDAQEAAAAAAAAAAAAABwUGAAQCCAMQAAADBgIIBwEAAAAAAAAAAAABA4FCEcEEAjESUYKxQROyMiFxFJFhgyIzNBEAAAMGBAUCBwEAAAAAAAAAAAECQcEhEQQDQjGBEmFxMiIUw1GxspEzcnPzE//AABEIABgAIAMBEgACEgADEgD/2gAMAwEAAhEDEQA/AIajSz5jPp7NPRHaLKh/D5LuWwdkjecciEnbaNddUdMhRJLuXkbClmfOMBR6vBq4RS7rR4u62QUbZSgXAd22hoqyIiQRQIpw+g7q8Grg8rutkOXdbIeK7bRltoKavBq4ZV4NXDJo143cO7EyiR6YbvHv6A/pv6kdfkMMSVmopGxo0rbQh3qZFhZqRAl4WEZe3A55MFoq8Grhq0qqNtuWMO8XsT92AqQeZMQ6lX0n2nKf4vExcYKvesWrxGaE7tvtu+GZ5C0UmPR4T1PLxLMzqkI1d1shb7PmTj6YULbQSVHlzLdxl0OCNV4NXBJqOPEoYaosF3WyAda8CX9QOW2giOfb/vxk/pH3q8GrgdJIqmdqllv2twOJbyhgZhVpehluwegVptEU0N5vGmfSjk4g0HdsrM0rVNSIHnCfFMARI+/UfsP5lD//2Q==', 'base64');

describeWithBrowser('operator console in Chromium (embedded platform)', () => {
  let t: TestPlatform;
  let store: StoreHost;
  let browser: Browser;
  let merchant: MerchantApp;
  let media: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (missingMediaTools.length > 0) throw new Error(`the console specs encode recordings with ${missingMediaTools.join(' and ')} (Debian: apt-get install ffmpeg)`);
    media = mkdtempSync(join(tmpdir(), 'dcp-console-'));
    store = await startStoreHost();
    // The store host stands in for the ingress in front of the edge: the public addresses the platform hands out
    // (playlists, alarm pictures) are on it, since this platform's own port is ephemeral.
    t = await startTestPlatform('embedded', { ADMIN_TOKENS: `ops:full:${OPS_TOKEN},viewer:read-only:${VIEWER_TOKEN}`, PUBLIC_STORE_URL: store.url, PUBLIC_BASE_URL: store.url });
    store.target(t.baseUrl);
    merchant = await MerchantApp.register(t, 'Field Cameras');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    if (existsSync(SCREENSHOTS)) process.stdout.write(`\nconsole screenshots (${readdirSync(SCREENSHOTS).length} pages): ${SCREENSHOTS}\n`);
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await merchant?.close();
    await t?.close();
    await store?.close();
    if (media) rmSync(media, { recursive: true, force: true });
  });

  /** A fresh browser profile at the given width, with the console open at `path`, signed in with `token`. */
  async function signedIn(token: string, path = '/', viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion: 'reduce' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${t.adminUrl}/console${path}`);
    await page.getByLabel('Admin token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    return page;
  }

  /** The page passes axe-core's WCAG 2.1 A/AA rules, and is photographed. */
  async function checkPage(page: Page, name: string): Promise<void> {
    await screenshot(page, name);
    expect(await accessibilityViolations(page)).toEqual([]);
  }

  /** How far the page scrolls sideways (0: it fits the screen). */
  async function sidewaysOverflow(page: Page): Promise<number> {
    return page.evaluate(() => {
      const { document } = globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
      return document.documentElement.scrollWidth - document.documentElement.clientWidth;
    });
  }

  async function visit(page: Page, path: string, heading: string): Promise<void> {
    await page.goto(`${t.adminUrl}/console${path}`);
    await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  }

  it('refuses a wrong token with the platform code; a read-only token is offered no change and the API refuses one (AD0403)', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${t.adminUrl}/console/`);
    await page.getByLabel('Admin token').waitFor();
    await checkPage(page, 'sign-in');
    await page.getByLabel('Admin token').fill('not-a-token-of-this-platform');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('AD0401');

    const viewer = await signedIn(VIEWER_TOKEN, '/merchants');
    await expect(viewer.getByTestId('signed-in-as').textContent()).resolves.toBe('viewer');
    await viewer.getByText('read only', { exact: true }).waitFor();
    await viewer.getByRole('heading', { level: 2, name: 'Merchants' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'New merchant' }).count()).toBe(0);
    await visit(viewer, '/maintenance', 'Maintenance');
    await viewer.getByTestId('maintenance-mode').waitFor();
    expect(await viewer.getByRole('button', { name: 'Switch mode' }).count()).toBe(0);
    // What the console does not offer, the platform refuses anyway.
    const refused = await viewer.evaluate(async (token) => {
      const res = await fetch('/admin/v1/maintenance', { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'upgrade' }) });
      return { status: res.status, body: await res.json() };
    }, VIEWER_TOKEN);
    expect(refused).toEqual({ status: 403, body: { errorCode: 'AD0403', failureDetails: expect.any(String) } });
    expect((await admin(t, 'GET', '/maintenance')).body.mode).toBe('none');
  });

  it('creates a merchant: the secret is shown once with a copy button, then never again', async () => {
    const page = await signedIn(OPS_TOKEN, '/merchants');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'New merchant' }).click();
    const dialog = page.getByRole('dialog', { name: 'New merchant' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Console Cameras');
    await dialog.getByRole('textbox', { name: /^Token validation URL/ }).fill('idp.console-cameras.example/is_valid_token');
    await dialog.getByRole('textbox', { name: /^User profile URL/ }).fill('https://idp.console-cameras.example/get_user_profile');
    await dialog.getByRole('button', { name: 'Create merchant' }).click();
    // The platform's refusal, with its code and the field it names, in the dialog; nothing created.
    await expect(dialog.getByRole('alert').textContent()).resolves.toMatch(/AD0400.*tokenValidationUrl/);
    expect((await admin(t, 'GET', '/merchants?q=Console%20Cameras')).body.total).toBe(0);
    await dialog.getByRole('textbox', { name: /^Token validation URL/ }).fill('https://idp.console-cameras.example/is_valid_token');
    await dialog.getByRole('button', { name: 'Create merchant' }).click();
    const created = page.getByRole('dialog', { name: 'Merchant created' });
    const secret = (await created.getByTestId('secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9]{48}$/);
    await checkPage(page, 'merchant-created');
    await created.getByRole('button', { name: 'Copy the clientSecret' }).click();
    await expect(page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).resolves.toBe(secret);
    const clientId = await created.getByLabel('clientId').inputValue();
    await created.getByRole('button', { name: 'Done' }).click();

    const listed = await admin(t, 'GET', `/merchants/${clientId}`);
    expect(listed.body).toMatchObject({ clientId, name: 'Console Cameras', enabled: true });
    await page.getByLabel('Name or clientId contains').fill('console cam');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Console Cameras' }).click();
    await page.getByRole('heading', { level: 2, name: 'Merchant Console Cameras' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await checkPage(page, 'merchant');
    // Disabling and enabling again each ask first.
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByRole('dialog', { name: 'Disable this merchant?' }).getByRole('button', { name: 'Disable merchant' }).click();
    await page.getByText('disabled', { exact: true }).waitFor();
    expect((await admin(t, 'GET', `/merchants/${clientId}`)).body.enabled).toBe(false);
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByRole('dialog', { name: 'Enable this merchant again?' }).getByRole('button', { name: 'Enable merchant' }).click();
    await page.getByText('enabled', { exact: true }).waitFor();
    expect((await admin(t, 'GET', `/merchants/${clientId}`)).body.enabled).toBe(true);
    for (const viewport of ['phone', 'desktop'] as const) {
      const p = await signedIn(OPS_TOKEN, '/merchants', viewport);
      await p.getByRole('link', { name: 'Console Cameras' }).waitFor();
      await checkPage(p, `merchants-${viewport}`);
    }
  });

  it('looks up a device a merchant\'s app bound through the gateway, whatever the MAC spelling typed', async () => {
    const user = await merchant.signIn('Lookup Owner');
    await bind(user, '0C1122334455');
    const page = await signedIn(OPS_TOKEN, '/lookup');
    await page.getByLabel('MAC, openId or merchant uuid').fill('0c:11:22:33:44:55');
    await page.getByText('Looks like the MAC 0C:11:22:33:44:55: opens the device.').waitFor();
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('heading', { level: 2, name: 'Device 0C:11:22:33:44:55' }).waitFor();
    // One form for every MAC the console shows, whatever was typed or stored.
    await expect(page.getByTestId('device-mac').textContent()).resolves.toBe('0C:11:22:33:44:55');
    await expect(page.getByTestId('owner-openid').textContent()).resolves.toBe(user.credentials.openId);
    await page.getByRole('link', { name: 'Field Cameras' }).waitFor();
    await page.getByTestId('current-service').waitFor();
    await checkPage(page, 'lookup-device');
    // The owner's page, one click away, lists the device.
    await page.getByTestId('owner-openid').click();
    await page.getByRole('heading', { level: 2, name: `User ${user.credentials.openId}` }).waitFor();
    await page.getByRole('link', { name: '0C:11:22:33:44:55' }).waitFor();
    await checkPage(page, 'lookup-user');
    const phone = await signedIn(OPS_TOKEN, '/lookup/devices/0c-11-22-33-44-55', 'phone');
    await expect(phone.getByTestId('owner-openid').textContent()).resolves.toBe(user.credentials.openId);
    await checkPage(phone, 'lookup-device-phone');
    // At 360 and 390 px the user page (a long openId in its title) does not scroll sideways, and the header's
    // "Sign out" is whole inside the screen.
    for (const viewport of ['phone', 'phone390'] as const) {
      const narrow = await signedIn(OPS_TOKEN, `/lookup/users/${encodeURIComponent(user.credentials.openId)}`, viewport);
      await narrow.getByRole('heading', { level: 2, name: `User ${user.credentials.openId}` }).waitFor();
      await narrow.getByRole('link', { name: '0C:11:22:33:44:55' }).waitFor();
      expect(await sidewaysOverflow(narrow)).toBeLessThanOrEqual(0);
      const signOut = await narrow.getByRole('button', { name: 'Sign out' }).boundingBox();
      expect(signOut).not.toBeNull();
      expect((signOut?.x ?? 0) + (signOut?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      expect(signOut?.x ?? -1).toBeGreaterThanOrEqual(0);
      await checkPage(narrow, `lookup-user-${viewport}`);
    }
    // A MAC nobody has bound is no error: the page says there is no such device.
    await visit(page, '/lookup/devices/0F0000000001', 'Device 0F:00:00:00:00:01');
    await page.getByTestId('no-such-device').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await checkPage(page, 'lookup-no-such-device');
  });

  it('opens on the overview: counts, the public API\'s last hour, each service ready with its version, events, a failing merchant; at 360 px too', async () => {
    // A merchant whose token endpoint does not answer: its users' sign-in fails with OP0052.
    const flaky = await MerchantApp.register(t, 'Flaky Cameras');
    await flaky.site.close();
    await expect(flaky.signIn('Unlucky User')).rejects.toThrow(/OP0052/);
    const health = (await admin(t, 'GET', `/merchants/${flaky.clientId}`)).body.callHealth;
    expect(health).toMatchObject({ status: 'failing', breaker: 'closed', calls: 1, failures: 1, lastFailure: expect.stringContaining('is_valid_token') });
    const page = await signedIn(OPS_TOKEN, '/');
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    expect(page.url()).toMatch(/\/console\/overview$/);
    await page.getByTestId('count-merchants').waitFor();
    const merchants = (await admin(t, 'GET', '/merchants?limit=1')).body.total as number;
    await expect(page.getByTestId('count-merchants').textContent()).resolves.toContain(merchants.toLocaleString('en-US'));
    for (const service of ['sso', 'device', 'permission', 'storage', 'firmware', 'push']) {
      await page.getByTestId(`service-${service}`).getByText('ready', { exact: true }).waitFor();
    }
    await page.getByTestId('traffic-requests').waitFor();
    await page.getByTestId('merchants-in-trouble').getByRole('link', { name: 'Flaky Cameras' }).waitFor();
    await page.getByTestId('merchants-in-trouble').getByText('1 failed call', { exact: true }).waitFor();
    await page.getByTestId('events-permission').waitFor();
    await checkPage(page, 'overview');
    // The merchant list tells it from a healthy merchant, and so does its page.
    await visit(page, '/merchants?q=Flaky', 'Merchants');
    await page.getByRole('row', { name: /Flaky Cameras/ }).getByText('1 failed call', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Flaky Cameras' }).click();
    await page.getByRole('heading', { level: 2, name: 'Merchant Flaky Cameras' }).waitFor();
    await expect(page.getByTestId('call-health-detail').textContent()).resolves.toMatch(/1 call of 1 to this merchant failed.*is_valid_token/);
    await checkPage(page, 'merchant-failing');
    const view = (await admin(t, 'GET', '/overview')).body;
    expect(view.counts).toEqual(expect.arrayContaining([expect.objectContaining({ service: 'sso', name: 'merchants', value: merchants, estimated: false })]));
    expect((view.edge as Body).publicTraffic).toMatchObject({ requests: expect.any(Number), serverErrorRate: expect.any(Number) });
    const phone = await signedIn(VIEWER_TOKEN, '/overview', 'phone');
    await phone.getByTestId('count-merchants').waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await checkPage(phone, 'overview-phone');
  });

  it('plays a recording in the page through its signed playlist URL, for a read-only token too: the video advances', async () => {
    const user = await merchant.signIn('Recording Owner');
    const mac = '0E1122334455';
    await bind(user, mac);
    const segments = await encodeSegments(media, 'clip', 'testsrc', 6);
    const start = Math.floor(t.clock.now() / 1000) - 1800;
    for (const [i, segment] of segments.entries()) await ingest(mac, start + i * 2, 1, segment);
    // Asking for a playback URL changes nothing: a read-only token may (AU8), and the audit log names it.
    const page = await signedIn(VIEWER_TOKEN, `/recordings/${mac}`);
    const clip = page.getByRole('button', { name: /^Play the clip from / });
    await clip.first().waitFor();
    await clip.first().click();
    const video = page.getByTestId('player');
    await video.waitFor();
    // Advancing playback is the proof: hls.js fetched the playlist and segments from the store host and decoded them.
    await page.waitForFunction(() => {
      const { document } = globalThis as unknown as { document: { querySelector(s: string): { currentTime: number } | null } };
      const v = document.querySelector('video');
      return v !== null && v.currentTime > 1;
    }, undefined, { timeout: 60_000 });
    expect(await page.getByRole('alert').count()).toBe(0);
    await checkPage(page, 'recordings');
  });

  it('switches maintenance mode only after a confirmation, and apps see it in center.getServerInfo', async () => {
    const page = await signedIn(OPS_TOKEN, '/maintenance');
    await page.getByTestId('maintenance-mode').waitFor();
    await page.getByLabel(/^Upgrade/).check();
    await page.getByRole('button', { name: 'Switch mode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch the maintenance mode?' });
    await dialog.waitFor();
    await checkPage(page, 'maintenance-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await admin(t, 'GET', '/maintenance')).body.mode).toBe('none');

    await page.getByRole('button', { name: 'Switch mode' }).click();
    await dialog.getByRole('button', { name: 'Switch to upgrade' }).click();
    await page.getByTestId('maintenance-mode').filter({ hasText: 'upgrade' }).waitFor();
    const user = await merchant.signIn('Maintenance Watcher');
    expect((await merchant.get('center.getServerInfo', user.credentials, { oemCode: 'ACME' })).body.errorCode).toBe('000066');
    await checkPage(page, 'maintenance');

    await page.getByLabel(/^None/).check();
    await page.getByRole('button', { name: 'Switch mode' }).click();
    await dialog.getByRole('button', { name: 'Switch to none' }).click();
    await page.getByTestId('maintenance-mode').filter({ hasText: 'none' }).waitFor();
    expect((await merchant.get('center.getServerInfo', user.credentials, { oemCode: 'ACME' })).body.errorCode).toBe('');
  });

  it('replays a dead letter of storage-service: the event is applied and the entry resolved', async () => {
    const user = await merchant.signIn('Dead Letter Owner');
    const mac = '0D1122334455';
    await bind(user, mac);
    const [segment] = await encodeSegments(media, 'dead', 'testsrc', 2);
    await ingest(mac, Math.floor(t.clock.now() / 1000) - 600, 1, segment);
    expect(await recordedDays(mac)).toHaveLength(1);
    // The unbind event storage-service gave up on (as its sink records one after the last failed delivery).
    const envelope = buildEvent('deviceUnbound', { macAddr: mac, userId: await userIdOf(user), reason: 'user' });
    const storage = await t.platform.edge.publicApp.get<symbol, { client: SqlClient }>(serviceDatabaseToken('storage'), { strict: false });
    const id = await recordDeadLetter(storage.client, 'storage', { durable: 'storage-service', subject: envelope.type, envelope, deliveries: 5, error: 'object store unreachable' });

    const page = await signedIn(OPS_TOKEN, '/events?service=storage');
    // Beside the outbox backlog, each consumer's lag (GET /admin/v1/consumers) with its open dead letters.
    await page.getByTestId('consumer-storage').getByText('1 open dead letter').waitFor();
    await page.getByRole('button', { name: `Payload of ${envelope.type} ${envelope.id}` }).click();
    await page.getByLabel(`payload of dead letter ${id}`).getByText(mac).waitFor();
    await checkPage(page, 'events');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByRole('dialog', { name: 'Replay this event?' }).getByRole('button', { name: 'Replay' }).click();
    await page.getByRole('status').filter({ hasText: `${envelope.type} applied again and marked resolved` }).waitFor();
    // The switch's state is the address (?includeResolved=true), updated by the router after the click.
    await page.getByRole('switch', { name: 'Show resolved ones too' }).click();
    await page.getByText(/^resolved /).waitFor();
    expect(await recordedDays(mac)).toEqual([]);
    const letters = await admin(t, 'GET', '/dead-letters/storage?includeResolved=true');
    expect((letters.body.items as Body[]).find((d) => d.id === id)).toMatchObject({ resolvedAt: expect.any(String) });
  });

  it('is used with the keyboard alone at 360 px: sign in, open the menu, change section', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, reducedMotion: 'reduce' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${t.adminUrl}/console/`);
    // Rendered (React renders after the page's load): from here on only the keyboard is used.
    await page.getByLabel('Admin token').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(OPS_TOKEN);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('button', { name: 'Open the menu' });
    await menu.waitFor();
    await tabTo(page, 'Open the menu');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close the menu' }).waitFor();
    await tabTo(page, 'Manufacturers');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Manufacturers' }).waitFor();
    await expect(page.title()).resolves.toBe('Manufacturers · Device Cloud console');
    await checkPage(page, 'manufacturers-phone');
    // From the top of the page, the first Tab offers to skip the header and the sections.
    await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur(): void } | null } }).document.activeElement?.blur());
    await tabTo(page, 'Skip to the page');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id)).resolves.toBe('page');
  });

  it('manufacturers, plans and grants, firmware with its rollout slider and progress, user search: each works and passes axe', async () => {
    const page = await signedIn(OPS_TOKEN, '/manufacturers');
    await page.getByRole('button', { name: 'New manufacturer' }).click();
    const newMaker = page.getByRole('dialog', { name: 'New manufacturer' });
    await newMaker.getByRole('textbox', { name: /^oemCode/ }).fill('CONSOLE');
    await newMaker.getByRole('textbox', { name: /^Name/ }).fill('Console Devices');
    await newMaker.getByRole('button', { name: 'Create manufacturer' }).click();
    expect(await page.getByTestId('secret').textContent()).toMatch(/\S{16,}/);
    await page.getByRole('cell', { name: 'Console Devices' }).waitFor();
    await checkPage(page, 'manufacturers');

    const buyer = await merchant.signIn('Plan Buyer');
    await visit(page, '/plans', 'Plans and grants');
    await page.getByRole('tab', { name: 'Plans' }).click();
    await page.waitForURL(/[?&]tab=plans/);
    await page.getByRole('button', { name: 'New plan' }).click();
    const newPlan = page.getByRole('dialog', { name: 'New plan' });
    await newPlan.getByRole('textbox', { name: /^Code/ }).fill('CLOUD30');
    await newPlan.getByRole('textbox', { name: /^Name/ }).fill('Cloud 30 days');
    await newPlan.getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('cell', { name: 'Cloud 30 days' }).waitFor();
    await checkPage(page, 'plans');
    await page.getByRole('tab', { name: 'Grants' }).click();
    await page.getByRole('button', { name: 'Grant a plan' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant a plan to a user' });
    await grant.getByRole('textbox', { name: /^User \(openId\)/ }).fill(buyer.credentials.openId);
    await grant.getByRole('textbox', { name: /^Plan code/ }).fill('CLOUD30');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await page.getByRole('cell', { name: 'waiting for activation' }).waitFor();
    // The grant filters of one form go to the server together: this user's grants of this plan.
    await page.getByRole('textbox', { name: 'Grants of the user (openId)' }).fill(buyer.credentials.openId);
    await page.getByRole('textbox', { name: 'Plan code (exact)' }).fill('CLOUD30');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('1–1 of 1').waitFor();
    expect(new URL(page.url()).searchParams.get('permissionCode')).toBe('CLOUD30');
    expect(new URL(page.url()).searchParams.get('openId')).toBe(buyer.credentials.openId);
    await checkPage(page, 'grants');

    const model = 'CONSOLE-CAM-1';
    await visit(page, '/firmware', 'Firmware');
    await page.getByRole('textbox', { name: 'New model (machineTypeName)' }).fill(model);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { level: 2, name: `Firmware of ${model}` }).waitFor();
    await page.getByRole('button', { name: 'New release' }).click();
    const release = page.getByRole('dialog', { name: `New release of ${model}` });
    await release.getByRole('textbox', { name: 'version1' }).fill('3');
    await release.getByRole('textbox', { name: /^Download URL/ }).fill('https://fw.example.com/console-cam-1/3.bin');
    await release.getByRole('textbox', { name: /^MD5/ }).fill('d'.repeat(32));
    await release.getByRole('button', { name: 'Add release' }).click();
    await page.getByText('3.0.0.0', { exact: true }).waitFor();
    // The rollout slider, by keyboard: one step down is 95 %, saved when the key is released.
    await page.getByRole('slider', { name: 'Rollout of 3.0.0.0 in percent' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByText('Rollout: 95% of devices').waitFor();
    // The card's state is read back from the platform after the change: it is saved.
    await page.getByText('offered to 95% of devices').waitFor();
    expect(((await admin(t, 'GET', `/firmware?machineTypeName=${model}`)).body.items as Body[])[0]).toMatchObject({ rolloutPercent: 95 });
    // A device bound to the user asks firmware.latest through the gateway: the progress counts it (SDD1).
    const owner = await merchant.signIn('Firmware Asker');
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', owner.credentials, deviceForm('0F1122334455'))).body.errorCode).toBe('');
    const asked = await merchant.get('firmware.latest', owner.credentials, { macAddr: '0F1122334455', machineTypeName: model, sysVersion1: 1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 });
    expect(asked.status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Rollout progress' }).waitFor();
    await page.getByText('Devices that asked').locator('..').getByText('1 / 1').waitFor();
    await checkPage(page, 'firmware-model');
    // Smart upgrade off reaches every device of the model: it asks first, then firmware.latest answers 010121.
    await page.getByRole('button', { name: 'Turn smart upgrade off' }).click();
    await page.getByRole('dialog', { name: `Turn smart upgrade off for ${model}?` }).getByRole('button', { name: 'Turn off' }).click();
    await page.getByTestId('smart-upgrade').filter({ hasText: 'smart upgrade off' }).waitFor();
    const refused = await merchant.get('firmware.latest', owner.credentials, { macAddr: '0F1122334455', machineTypeName: model, sysVersion1: 1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 });
    expect(refused.body.errorCode).toBe('010121');
    await visit(page, '/firmware', 'Firmware');
    await page.getByRole('link', { name: model }).waitFor();
    await checkPage(page, 'firmware');

    await visit(page, '/lookup', 'Look-up');
    await checkPage(page, 'lookup');
    await page.getByRole('textbox', { name: 'MAC, openId or merchant uuid' }).fill(buyer.uuid);
    await page.getByRole('checkbox', { name: "It is a merchant's user id (uuid)" }).check();
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('link', { name: buyer.credentials.openId }).waitFor();
    await checkPage(page, 'users-by-uuid');
    await visit(page, '/recordings', 'Recordings');
    await checkPage(page, 'recordings-pick');
  });

  it('sets and clears a plan\'s retention in the plans list (refusals with the platform\'s text, read-only tokens offered no change); the device page shows the plan a camera uploads under and today\'s uploads', async () => {
    expect((await admin(t, 'POST', '/permissions', { permissionCode: 'CAM-CLOUD', permissionName: 'Camera cloud', permissionType: 2, durationDays: 30 })).status).toBe(201);
    const retentionOf = async () => ((await admin(t, 'GET', '/permissions?q=CAM-CLOUD')).body.items as Body[])[0].retentionDays;
    const page = await signedIn(OPS_TOKEN, '/plans?tab=plans');
    const row = page.getByRole('row').filter({ hasText: 'CAM-CLOUD' });
    await row.getByRole('cell', { name: '—', exact: true }).waitFor();
    const input = row.getByRole('textbox', { name: 'Retention of CAM-CLOUD in days' });
    const save = row.getByRole('button', { name: 'Save the retention of CAM-CLOUD' });
    // Refused by the platform (1 … 3660 days): its code and the field it names, under the control; nothing changed.
    await input.fill('0');
    await save.click();
    await expect(row.getByRole('alert').textContent()).resolves.toMatch(/AD0400.*retentionDays/);
    expect(await retentionOf()).toBeNull();
    await input.fill('7');
    await save.click();
    await row.getByRole('cell', { name: '7 days', exact: true }).waitFor();
    expect(await row.getByRole('alert').count()).toBe(0);
    expect(await retentionOf()).toBe(7);
    await checkPage(page, 'plans-retention');
    // Cleared (empty): no longer a cloud-recording plan. It loses footage, so the console asks first: cancelled
    // nothing changes; confirmed it is cleared. Then set again for the camera below (longer: no question).
    await input.fill('');
    await save.click();
    const question = page.getByRole('dialog', { name: 'Stop cloud recording on CAM-CLOUD?' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await retentionOf()).toBe(7);
    await save.click();
    await question.getByRole('button', { name: 'Clear the retention' }).click();
    await row.getByRole('cell', { name: '—', exact: true }).waitFor();
    expect(await retentionOf()).toBeNull();
    await row.getByRole('textbox', { name: 'Retention of CAM-CLOUD in days' }).fill('7');
    await row.getByRole('button', { name: 'Save the retention of CAM-CLOUD' }).click();
    await row.getByRole('cell', { name: '7 days', exact: true }).waitFor();

    const viewer = await signedIn(VIEWER_TOKEN, '/plans?tab=plans');
    await viewer.getByRole('row').filter({ hasText: 'CAM-CLOUD' }).getByRole('cell', { name: '7 days', exact: true }).waitFor();
    expect(await viewer.getByRole('textbox', { name: 'Retention of CAM-CLOUD in days' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Save the retention of CAM-CLOUD' }).count()).toBe(0);

    // A camera uploads under the plan (the app activated it on the device and gave the camera its record).
    const user = await merchant.signIn('Camera Owner');
    const mac = '0B1122334455';
    await bind(user, mac);
    const grant = await admin(t, 'POST', '/grants', { openId: user.credentials.openId, permissionCode: 'CAM-CLOUD' });
    expect(grant.status).toBe(201);
    expect((await merchant.post('permission.active', user.credentials, { grantId: String(grant.body.grantId), ipcMac: mac })).body.errorCode).toBe('');
    // Bound and granted, but no camera uploaded yet: no plan on record, nothing uploaded today.
    await visit(page, `/lookup/devices/${mac}`, 'Device 0B:11:22:33:44:55');
    await expect(page.getByTestId('recording-plan').textContent()).resolves.toBe('No cloud-recording plan on record');
    await expect(page.getByTestId('uploaded-today').textContent()).resolves.toBe('Uploaded today (UTC): 0.0 MiB in 0 segments');
    const records = (await merchant.get('permission.query_user_ipcs_valid', user.credentials)).body.data as Body[];
    const record = records.find((r) => r.grantId === grant.body.grantId)!;
    const camera = new TestCamera({ apiUrl: t.baseUrl, mac, userTag: String(record.userTag), streamId: String(record.streamId) }, t.clock);
    expect((await camera.upload({ start: Math.floor(t.clock.now() / 1000) - 30, body: tsNullPackets(20) })).status).toBe(201);
    const endTime = Number((await admin(t, 'GET', `/grants/${grant.body.grantId}`)).body.endTime);
    const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
    await page.reload();
    await expect(page.getByTestId('recording-plan').textContent()).resolves.toBe(`Plan keeps 7 days of footage; ends ${utc(endTime)}, grace until ${utc(endTime + 7 * 86_400_000)}`);
    await expect(page.getByTestId('uploaded-today').textContent()).resolves.toBe('Uploaded today (UTC): 0.0 MiB in 1 segment');
    await expect(page.getByTestId('recording-summary').textContent()).resolves.toMatch(/^1 segments, 0\.0 MiB, on 1 day\(s\)/);
    await checkPage(page, 'lookup-device-plan');
  });

  it('lists every change in the audit log, with who made it and how it ended', async () => {
    const page = await signedIn(VIEWER_TOKEN, '/audit');
    await page.getByRole('heading', { level: 2, name: 'Audit log' }).waitFor();
    // What was done, in words from the route table, and the call beside it (not an operationId).
    await page.getByText('Set the maintenance mode', { exact: true }).first().waitFor();
    await page.getByText('PUT /admin/v1/maintenance', { exact: true }).first().waitFor();
    expect(await page.getByText('putMaintenance').count()).toBe(0);
    await page.getByText('ops (full)').first().waitFor();
    await page.getByText('viewer (read-only)').first().waitFor();
    await page.getByText(/^POST \/admin\/v1\/devices\/0E1122334455\/playback/).first().waitFor();
    // Two filters of one form, applied together: the read-only token's refused maintenance switch alone.
    await page.getByRole('textbox', { name: 'Token name' }).fill('viewer');
    await page.getByRole('textbox', { name: 'Path starts with' }).fill('/admin/v1/maintenance');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('1–1 of 1').waitFor();
    await page.getByText('viewer (read-only)').waitFor();
    // (Checked once filtered: on the unfiltered first page it may be pushed off by later changes.)
    await page.getByText('refused 403 AD0403').waitFor();
    expect(await page.getByText('ops (full)').count()).toBe(0);
    await checkPage(page, 'audit');
  });

  it("follows a camera's alarms to the merchant's push server: providers and retention on the merchant page, the device's alarms with picture, deliveries and a dead one replayed, the Push page's health and dead deliveries", async () => {
    const delivered = new Collector<Body>();
    const failed = new Collector<Body>();
    const consumers = [
      await t.platform.runtime.events.subscribe([EVENTS.alarmDelivered.subject], (e) => delivered.push(e.data as Body)),
      await t.platform.runtime.events.subscribe([EVENTS.alarmDeliveryFailed.subject], (e) => failed.push(e.data as Body)),
    ];
    const pushed = (messageId: unknown, what: string) => delivered.until((items) => items.some((e) => e.messageId === messageId), what, 15_000);
    const pushServer = `${merchant.site.url}/push`;
    try {
      // The merchant's push server, set in its page. A refused form (an FCM key that is no key) says why, and
      // the key typed is gone when the form opens again.
      const page = await signedIn(OPS_TOKEN, `/merchants/${merchant.clientId}`);
      const webhook = page.getByTestId('push-provider-webhook');
      await webhook.getByText('not set', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Set FCM credentials' }).click();
      const fcmForm = page.getByRole('dialog', { name: 'Set the FCM credentials' });
      await fcmForm.getByRole('textbox', { name: /^Project id/ }).fill('field-cameras');
      await fcmForm.getByRole('textbox', { name: /^Client email/ }).fill('push@field-cameras.example');
      await fcmForm.getByRole('textbox', { name: /^Private key/ }).fill('not a private key');
      await fcmForm.getByRole('button', { name: 'Save credentials' }).click();
      await expect(fcmForm.getByRole('alert').textContent()).resolves.toMatch(/AD0400.*privateKey/);
      await fcmForm.getByRole('button', { name: 'Cancel' }).click();
      await fcmForm.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Set FCM credentials' }).click();
      await expect(fcmForm.getByRole('textbox', { name: /^Private key/ }).inputValue()).resolves.toBe('');
      await fcmForm.getByRole('button', { name: 'Cancel' }).click();
      await webhook.getByRole('button', { name: 'Set Push server (webhook) credentials' }).click();
      const webhookForm = page.getByRole('dialog', { name: 'Set the Push server (webhook) credentials' });
      await webhookForm.getByRole('textbox', { name: /^Push server URL/ }).fill(pushServer);
      await webhookForm.getByRole('button', { name: 'Save credentials' }).click();
      await webhook.getByText('set', { exact: true }).waitFor();
      await webhook.getByText(pushServer).waitFor();
      expect((await admin(t, 'GET', `/push/merchants/${merchant.clientId}`)).body.providers).toEqual([expect.objectContaining({ provider: 'webhook', summary: { url: pushServer } })]);
      // The retention: the platform's default until set, then the merchant's own, then the default again.
      const retention = page.getByTestId('push-retention');
      await retention.filter({ hasText: "(the platform's default)" }).waitFor();
      await page.getByRole('textbox', { name: /^Keep messages for \(days\)/ }).fill('45');
      await page.getByRole('button', { name: 'Save retention' }).click();
      await retention.filter({ hasText: 'Alarm messages are kept 45 days.' }).waitFor();
      expect((await admin(t, 'GET', `/push/merchants/${merchant.clientId}`)).body.retentionDays).toBe(45);
      await page.getByRole('textbox', { name: /^Keep messages for \(days\)/ }).fill('');
      await page.getByRole('button', { name: 'Save retention' }).click();
      await retention.filter({ hasText: "(the platform's default)" }).waitFor();
      expect((await admin(t, 'GET', `/push/merchants/${merchant.clientId}`)).body.retentionDays).toBeNull();

      // A user's camera, its app registered with the push server, and footage around the alarm to come.
      const user = await merchant.signIn('Alarm Owner');
      const mac = '0A1122334455';
      await bind(user, mac);
      const tag = String(((await merchant.get('center.getServerInfo', user.credentials, { oemCode: '' })).body.data as Body).tag);
      expect((await merchant.post('push_endpoint.register', user.credentials, { provider: 'webhook', token: 'console-recipient-0001' })).body.errorCode).toBe('');
      const [segment] = await encodeSegments(media, 'alarm', 'testsrc', 2);
      await ingest(mac, Math.floor(t.clock.now() / 1000) - 4, 4, segment);
      const doorbell = await postAlarm(mac, tag, 4, JPEG);
      await pushed(doorbell.messageId, 'the doorbell alarm pushed');

      // The device page: the alarm, its picture (the signed URL apps get) and its delivery, sent.
      await visit(page, `/lookup/devices/${mac}`, 'Device 0A:11:22:33:44:55');
      const alarms = page.getByRole('region', { name: 'Alarms' });
      const doorbellRow = alarms.getByRole('row').filter({ hasText: 'doorbell' });
      await doorbellRow.getByTestId('delivery-state').filter({ hasText: 'sent' }).waitFor();
      await doorbellRow.getByText('Push server (webhook)').waitFor();
      await doorbellRow.getByText('token …ent-0001').waitFor();
      const src = (await doorbellRow.getByRole('img', { name: /^doorbell alarm at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/ }).getAttribute('src')) ?? '';
      expect(src).toContain(`/push/v1/pictures/${String(doorbell.messageId)}.jpg?expires=`);
      await expect(doorbellRow.getByRole('link', { name: /^doorbell alarm at / }).getAttribute('href')).resolves.toBe(src);
      const picture = await fetch(src.replace(/^https?:\/\/[^/]+/, t.baseUrl));
      expect(Buffer.from(await picture.arrayBuffer())).toEqual(JPEG);
      // And the browser drew it: loaded from the public origin under the console's CSP, decoded at its size.
      const thumbnail = doorbellRow.getByRole('img', { name: /^doorbell alarm at / });
      // (The image element's fields, typed here: these specs compile without the DOM library.)
      type Drawn = { complete: boolean; naturalWidth: number; naturalHeight: number };
      await page.waitForFunction((img) => (img as unknown as Drawn).complete, await thumbnail.elementHandle());
      await expect(thumbnail.evaluate((img) => [(img as unknown as Drawn).naturalWidth, (img as unknown as Drawn).naturalHeight])).resolves.toEqual([32, 24]);
      await checkPage(page, 'lookup-device-alarms');
      // The recording around the alarm, played in the recordings page.
      await doorbellRow.getByRole('link', { name: 'Play the recording' }).click();
      await page.getByRole('heading', { level: 2, name: 'Recordings' }).waitFor();
      await page.getByTestId('player').waitFor();
      await page.getByText(/^Playing \d\d:\d\d:\d\d to /).waitFor();

      // Without credentials the next alarms' deliveries are dead letters; the merchant page says so in red.
      await visit(page, `/merchants/${merchant.clientId}`, 'Merchant Field Cameras');
      await webhook.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog', { name: 'Remove the Push server (webhook) credentials?' }).getByRole('button', { name: 'Remove credentials' }).click();
      await webhook.getByText('not set', { exact: true }).waitFor();
      const dead = [await postAlarm(mac, tag, 1), await postAlarm(mac, tag, 2), await postAlarm(mac, tag, 3)];
      await failed.until((items) => dead.every((a) => items.some((e) => e.messageId === a.messageId)), 'three dead deliveries', 15_000);
      await page.reload();
      const health = page.getByTestId('push-health-webhook');
      await health.getByText('3 dead', { exact: true }).waitFor();
      await page.getByTestId('push-attention').waitFor();
      await checkPage(page, 'merchant-push');
      expect((await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/webhook`, { url: pushServer })).status).toBe(200);

      // Replayed from the device page: the motion alarm's delivery.
      await visit(page, `/lookup/devices/${mac}`, 'Device 0A:11:22:33:44:55');
      const motionRow = alarms.getByRole('row').filter({ hasText: 'motion' });
      await motionRow.getByTestId('delivery-state').filter({ hasText: 'dead' }).waitFor();
      await motionRow.getByText(/has no webhook credentials/).waitFor();
      await motionRow.getByRole('button', { name: 'Replay' }).click();
      await page.getByRole('dialog', { name: 'Replay this delivery?' }).getByRole('button', { name: 'Replay' }).click();
      await pushed(dead[0].messageId, 'the motion alarm replayed');
      await page.reload();
      await motionRow.getByTestId('delivery-state').filter({ hasText: 'sent' }).waitFor();

      // The Push page: the health of every merchant (linked to its page) and the dead deliveries, one replayed.
      await visit(page, '/push', 'Push');
      const healthRow = page.getByRole('region', { name: 'Delivery health, last 24 hours' }).getByRole('row').filter({ hasText: merchant.clientId }).filter({ hasText: 'Push server (webhook)' });
      await healthRow.getByText('2 dead', { exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Merchant (clientId)' }).fill(merchant.clientId);
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByText('1–2 of 2').waitFor();
      await checkPage(page, 'push');
      const soundDelivery = page.getByRole('region', { name: 'Dead deliveries' }).getByRole('row').filter({ hasText: String(dead[1].messageId) });
      await soundDelivery.getByRole('button', { name: 'Replay' }).click();
      await page.getByRole('dialog', { name: 'Replay this delivery?' }).getByRole('button', { name: 'Replay' }).click();
      await page.getByText('1–1 of 1').waitFor();
      await pushed(dead[1].messageId, 'the sound alarm replayed');
      await page.getByRole('link', { name: merchant.clientId }).first().click();
      await page.getByRole('heading', { level: 2, name: 'Merchant Field Cameras' }).waitFor();

      // The merchant page replays what is left.
      await page.getByRole('button', { name: 'Replay dead deliveries' }).click();
      await page.getByRole('dialog', { name: 'Replay the dead deliveries?' }).getByRole('button', { name: 'Replay dead deliveries' }).click();
      await page.getByRole('status').filter({ hasText: '1 dead delivery replayed.' }).waitFor();
      await pushed(dead[2].messageId, 'the human alarm replayed');
      await page.reload();
      await health.getByText('healthy', { exact: true }).waitFor();
      expect((await admin(t, 'GET', `/push/deliveries?clientId=${merchant.clientId}&state=dead`)).body.total).toBe(0);

      // At 360 px nothing scrolls sideways but the tables in their own frames; a read-only token sees, and is offered no change.
      for (const [path, heading, name] of [
        [`/lookup/devices/${mac}`, 'Device 0A:11:22:33:44:55', 'lookup-device-alarms-phone'],
        [`/merchants/${merchant.clientId}`, 'Merchant Field Cameras', 'merchant-push-phone'],
        ['/push', 'Push', 'push-phone'],
      ] as const) {
        const phone = await signedIn(VIEWER_TOKEN, path, 'phone');
        await phone.getByRole('heading', { level: 2, name: heading }).waitFor();
        await phone.getByRole('table').first().waitFor();
        expect(await phone.evaluate(() => {
          const { document } = globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
          return document.documentElement.scrollWidth - document.documentElement.clientWidth;
        })).toBeLessThanOrEqual(0);
        expect(await phone.getByRole('button', { name: /^(Replay|Remove|Set |Replace |Save retention)/ }).count()).toBe(0);
        await checkPage(phone, name);
      }
    } finally {
      for (const c of consumers) await c.stop();
      await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/webhook`, { url: pushServer });
    }
  });

  /** A camera's alarm (spec: sendMsgUrl), signed with the device's tag; the message it went to. */
  async function postAlarm(mac: string, tag: string, type: number, picture?: Buffer): Promise<Body> {
    const now = Math.floor(t.clock.now() / 1000);
    const values = { mac, type: String(type), time: String(now - 1), timestamp: String(now) };
    const signature = signAlarm(tag, { ...values, picture });
    const res = await fetch(`${t.baseUrl}${ALARM_PATH}?${new URLSearchParams({ ...values, signature })}`, {
      method: 'POST',
      headers: picture ? { 'content-type': 'image/jpeg' } : {},
      body: picture ? new Uint8Array(picture) : undefined,
    });
    const body = (await res.json()) as Body;
    expect(body.errorCode).toBe('000000');
    return body.data as Body;
  }

  /** Presses Tab until the focused element's accessible name is `name` (what a keyboard user does). */
  async function tabTo(page: Page, name: string): Promise<void> {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const { document } = globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null; textContent: string | null } | null } };
        const el = document.activeElement;
        return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
      });
      if (focused === name) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  }

  async function bind(user: SignedInUser, mac: string): Promise<void> {
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', user.credentials, deviceForm(mac))).body.errorCode).toBe('');
  }

  async function ingest(mac: string, start: number, type: number, bytes: Buffer): Promise<void> {
    const res = await fetch(`${t.adminUrl}/admin/v1/devices/${mac}/segments?start=${start}&duration=2&type=${type}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'video/mp2t' },
      body: bytes,
    });
    expect(res.status).toBe(201);
  }

  async function recordedDays(mac: string): Promise<unknown[]> {
    const res = await admin(t, 'GET', `/devices/${mac}/recordings`);
    expect(res.status).toBe(200);
    return res.body.days as unknown[];
  }

  async function userIdOf(user: SignedInUser): Promise<number> {
    const res = await admin(t, 'GET', `/users/${user.credentials.openId}`);
    expect(res.status).toBe(200);
    return Number((res.body.user as Body).userId);
  }

});
