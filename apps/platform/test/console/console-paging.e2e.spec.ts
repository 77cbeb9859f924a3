/**
 * The console's paged tables follow the API's cursors (docs/decisions.md AL9), in Debian's Chromium against an
 * embedded platform: Next follows nextCursor, Previous goes back along the cursors followed, First starts again;
 * a row added meanwhile neither repeats a row nor hides one; the page's address reopens the same rows; a filter
 * goes back to the first page. The pager passes axe-core (WCAG 2.1 A/AA).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type TestPlatform, startTestPlatform } from '../harness';
import { admin } from '../merchant-app';
import { VIEWPORTS, accessibilityViolations, describeWithBrowser, launchBrowser, screenshot } from './browser';

const OPS_TOKEN = 'ops-token-0123456789abcdef';
/** oemCodes of the manufacturers this spec registers, in registration order. */
const CODES = Array.from({ length: 23 }, (_, i) => `PAGE${String(i + 1).padStart(2, '0')}`);

describeWithBrowser('operator console: paging by cursor (embedded platform)', () => {
  let t: TestPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    t = await startTestPlatform('embedded', { ADMIN_TOKENS: `ops:full:${OPS_TOKEN}` });
    for (const oemCode of CODES) expect((await admin(t, 'POST', '/manufacturers', { oemCode, name: `Maker ${oemCode}` })).status).toBe(201);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
    page = await context.newPage();
    await page.goto(`${t.adminUrl}/console/manufacturers?size=10`);
    await page.getByLabel('Admin token').fill(OPS_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await t?.close();
  });

  const pager = () => page.getByRole('navigation', { name: 'Manufacturers: pages' });
  /** The oemCodes of the rows shown, once the range label says `range`. */
  async function shown(range: string | RegExp): Promise<string[]> {
    await (typeof range === 'string' ? page.getByText(range, { exact: true }) : page.getByText(range)).waitFor();
    return page.locator('table tbody tr td:first-child').allTextContents();
  }

  it('pages forward by Next, back by Previous and First, each row once while a manufacturer is registered between pages', async () => {
    expect(await shown('1–10 of 23')).toEqual(CODES.slice(0, 10));
    expect(await pager().getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager().getByRole('button', { name: 'Next' }).click();
    expect(await shown('11–20 of 23')).toEqual(CODES.slice(10, 20));
    expect(new URL(page.url()).searchParams.get('cursor')).toEqual(expect.any(String));
    // Registered now: it sorts after every row listed, so the next page still starts where this one ended.
    expect((await admin(t, 'POST', '/manufacturers', { oemCode: 'PAGE24', name: 'Maker PAGE24' })).status).toBe(201);
    await pager().getByRole('button', { name: 'Next' }).click();
    expect(await shown('21–24 of 24')).toEqual([...CODES.slice(20), 'PAGE24']);
    expect(await pager().getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, 'manufacturers-last-page');
    expect(await accessibilityViolations(page)).toEqual([]);

    await pager().getByRole('button', { name: 'Previous' }).click();
    // The console may show the page it keeps a few seconds (its total then one short) before asking again.
    expect(await shown(/^11–20 of 2[34]$/)).toEqual(CODES.slice(10, 20));
    // The address reopens the same rows: the cursor is in it.
    await page.reload();
    expect(await shown('11–20 of 24')).toEqual(CODES.slice(10, 20));
    await pager().getByRole('button', { name: 'First' }).click();
    expect(await shown(/^1–10 of 2[34]$/)).toEqual(CODES.slice(0, 10));
    expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();
  });

  it('a filter goes back to the first page of the filtered list', async () => {
    await pager().getByRole('button', { name: 'Next' }).click();
    await page.getByText(/^11–20 of 2[34]$/).waitFor();
    await page.getByLabel('Code or name contains').fill('PAGE2');
    await page.getByLabel('Code or name contains').press('Enter');
    expect(await shown('1–5 of 5')).toEqual(['PAGE20', 'PAGE21', 'PAGE22', 'PAGE23', 'PAGE24']);
    expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();
  });
});
