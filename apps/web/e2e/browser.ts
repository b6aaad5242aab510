import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Keeps a screenshot of each step under e2e/screenshots/ (ignored by git) for a person to look at. */
export async function shot(page: Page, name: string) {
  await page.waitForTimeout(250); // let transitions settle so the picture shows the resting state
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}
