import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Waits until the page's transitions and animations that end have ended (a colour caught mid-fade, a panel
 * mid-slide), then for a frame to be drawn: what a picture or a contrast check sees is the resting state.
 * Endless ones (a spinner, the live dot's pulse) are not waited for.
 */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    await Promise.all(ending);
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
  });
}

/** Keeps a screenshot of each step under e2e/screenshots/ (ignored by git) for a person to look at. */
export async function shot(page: Page, name: string) {
  // A full-page picture of a scrolled page draws sticky bars mid-page: take it from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Signs in on `/admin/login` or `/pegawai/login` and waits for the area's dashboard. */
export async function signIn(
  page: Page,
  base: string,
  area: 'admin' | 'pegawai',
  username: string,
  password: string,
) {
  await page.goto(`${base}/${area}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**/${area}/dashboard`);
}

/** One Chromium for the test file (launched before its tests, closed after); each page in its own context. */
export function browserForThisFile() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
      const context = await browser!.newContext({ viewport });
      return context.newPage();
    },
  };
}

/** A page in a context of its own (its own cookies: another person), signed in as `who` in `area`. */
export async function signedInPage(
  browser: Browser,
  base: string,
  who: { username: string; password: string },
  area: 'admin' | 'pegawai',
  viewport = { width: 1280, height: 900 },
  options: { acceptDownloads?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  await signIn(page, base, area, who.username, who.password);
  return page;
}
