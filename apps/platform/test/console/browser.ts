/**
 * The operator console in a real browser: Debian's Chromium driven by playwright-core (no browser download:
 * `.ci/run` installs the `chromium` package when it is missing), headless, with a fresh profile, and the
 * flags that keep it from calling home on a machine without outside network. Every page visited is checked
 * with axe-core against WCAG 2.1 A and AA, and photographed into tmp/console-screenshots/.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { infraRequired } from '@dcp/testing';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = resolve(__dirname, '../../../../tmp/console-screenshots');
const CONSOLE_BUILD = resolve(__dirname, '../../../../dist/console/index.html');

/** `describe` when Chromium and the built console are there; otherwise skipped loudly, or failing under REQUIRE_INFRA=1. */
export function describeWithBrowser(name: string, fn: () => void): void {
  const missing = [!existsSync(CHROMIUM) && `Chromium not found at ${CHROMIUM} (Debian: apt-get install chromium)`, !existsSync(CONSOLE_BUILD) && 'the console is not built (node tools/build.mjs)'].filter(Boolean);
  if (missing.length === 0) {
    describe(name, fn);
    return;
  }
  const why = missing.join('; ');
  if (infraRequired) {
    describe(name, () => {
      it(`requires a browser and the built console (REQUIRE_INFRA=1): ${why}`, () => {
        throw new Error(`REQUIRE_INFRA=1 but ${why}`);
      });
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED "${name}": ${why}. Set REQUIRE_INFRA=1 to make this a failure. ***\n`);
  const skipped = describe.skip;
  skipped(name, fn);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });
}

/** Phone (360 px, the narrowest the console supports), a common phone (390 px) and desktop. */
export const VIEWPORTS = { phone: { width: 360, height: 740 }, phone390: { width: 390, height: 844 }, desktop: { width: 1280, height: 860 } } as const;

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

let axeScript: string | undefined;
const axeSource = (): string => (axeScript ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The WCAG 2.1 A/AA violations axe-core finds on the page as it is now, one line each (empty when none):
 * contrast, names of controls, landmarks, keyboard reachability of scrollable regions and more.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: a script tag would be (rightly) refused by the console's CSP.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    // Runs in the page (this file is compiled without the DOM's types).
    const { axe, document } = globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> }; document: unknown };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.map((v: AxeViolation) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
