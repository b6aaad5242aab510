/**
 * The pipeline board in Chromium (`BENCH_CASES=board`): the app as `npm start` runs it (the built web app,
 * SQLite), one job with 60 candidates in each of its seven columns (the first 50 of each drawn, the rest
 * loaded as a column is scrolled), then, with the Performance API's long tasks (any task over 50 ms
 * blocks the page for a frame or more) and the frames drawn (requestAnimationFrame):
 * - opening the board;
 * - scrolling every column to its end with the mouse wheel;
 * - dragging a card with the mouse to another column, several times.
 * Builds the web app first when apps/web/dist is missing. Figures are printed; nothing asserts a time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import {
  ANALYTICS_STAGES,
  REJECTION_REASONS,
  REJECTION_STAGES,
  type Candidate,
  type CandidateCreate,
  type Job,
} from '@portal/contracts';
import { startTestServer, TEST_ADMIN } from '../../../scripts/test-server.ts';
import { launchBrowser, signedInPage } from '../../web/e2e/browser.ts';
import { adminToken, createJob } from '../../web/e2e/data.ts';

const WEB = resolve(import.meta.dirname, '../../web');
const PER_COLUMN = 60;
/** Drags measured (BENCH_BOARD_DRAGS; 6 by default). */
const DRAGS = Number(process.env.BENCH_BOARD_DRAGS ?? 6);
const STATUSES = [...ANALYTICS_STAGES, 'rejected'] as const;

/** What the page measured since `startMeasuring`: long tasks (ms) and frames drawn. */
interface Measured {
  longTasks: number[];
  frames: number;
  seconds: number;
  longestFrameMs: number;
}

/**
 * Starts recording long tasks and frames in the page (a fresh record each time). Sent as text: the bench
 * runs through tsx, which would wrap named functions in a helper the page does not have.
 */
const startMeasuring = (page: Page) =>
  page.evaluate(`(() => {
    window.__measure?.stop();
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const started = performance.now();
    let frames = 0, last = started, longestFrameMs = 0, running = true;
    function frame(t) {
      frames++;
      longestFrameMs = Math.max(longestFrameMs, t - last);
      last = t;
      if (running) requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
    window.__measure = {
      stop() {
        running = false;
        observer.disconnect();
        return { longTasks, frames, seconds: (performance.now() - started) / 1000, longestFrameMs };
      },
    };
  })()`);

const stopMeasuring = (page: Page) => page.evaluate('window.__measure.stop()') as Promise<Measured>;

function report(label: string, m: Measured) {
  const over = m.longTasks.filter((d) => d > 50);
  const longest = m.longTasks.length ? Math.max(...m.longTasks) : 0;
  console.log(
    `  ${label.padEnd(34)} long tasks ${String(over.length).padStart(2)} (longest ${longest.toFixed(0)} ms)   ` +
      `${(m.frames / m.seconds).toFixed(0)} frames/s, longest frame ${m.longestFrameMs.toFixed(0)} ms over ${m.seconds.toFixed(1)} s`,
  );
}

async function seedBoard(base: string): Promise<Job> {
  const job = await createJob(base, { title: 'Board bench Data Engineer' });
  const token = await adminToken(base);
  const add = async (body: CandidateCreate): Promise<Candidate> => {
    const res = await fetch(`${base}/api/candidates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`add: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as Candidate;
  };
  const move = async (c: Candidate, status: string) => {
    const res = await fetch(`${base}/api/candidates/${c.uuid}/move`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        status,
        version: c.version,
        ...(status === 'rejected'
          ? {
              rejection_reason: REJECTION_REASONS[0],
              rejection_details: {
                reason: REJECTION_REASONS[0],
                stage: REJECTION_STAGES[0],
                comments: 'bench',
              },
            }
          : {}),
      }),
    });
    if (res.status !== 200) throw new Error(`move: HTTP ${res.status} ${await res.text()}`);
  };
  let n = 0;
  for (const status of STATUSES) {
    for (let i = 0; i < PER_COLUMN; i++, n++) {
      const candidate = await add({
        name: `Board Person ${n}`,
        email: `board.${n}@bench.example`,
        phone: `95${String(n).padStart(8, '0')}`,
        experience: n % 15,
        job_id: job.id,
        source: 'LinkedIn',
      });
      if (status !== 'applied') await move(candidate, status);
    }
  }
  return job;
}

export async function benchBoard() {
  if (!existsSync(join(WEB, 'dist/index.html'))) {
    console.log('board: building the web app (apps/web/dist) first');
    execFileSync(
      process.execPath,
      [join(WEB, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: WEB,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  }
  // Logging as the app does when a user starts it (LOG_LEVEL's default), not as the tests quiet it.
  const server = await startTestServer({ SEED_DEMO: '1', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
  const browser = await launchBrowser();
  try {
    const seedStart = performance.now();
    const job = await seedBoard(server.url);
    console.log(
      `board (Chromium): one job, ${STATUSES.length} columns × ${PER_COLUMN} candidates, seeded through the API in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const page = await signedInPage(browser, server.url, TEST_ADMIN, 'admin', { width: 2200, height: 1000 });

    // Opening the board: from the address to the last column's cards.
    await page.goto(`${server.url}/admin/recruitments/job-management/details/${job.id}`);
    await page.getByRole('tab', { name: 'Pipeline' }).waitFor();
    await startMeasuring(page);
    await page.getByRole('tab', { name: 'Pipeline' }).click();
    await page.locator('.pipeline-column[data-status="rejected"] .pipeline-card').first().waitFor();
    await page.waitForTimeout(500);
    report('opening the board (7 × 50 cards)', await stopMeasuring(page));

    // Each column's next page (Show more), then scrolling each column to its end.
    await startMeasuring(page);
    for (const status of STATUSES) {
      const column = page.locator(`.pipeline-column[data-status="${status}"]`);
      await column.getByRole('button', { name: 'Show more' }).click();
      await column.getByRole('button', { name: 'Show more' }).waitFor({ state: 'detached' });
    }
    report('loading the next page of every column', await stopMeasuring(page));
    await startMeasuring(page);
    for (const status of STATUSES) {
      const list = page.locator(`.pipeline-column[data-status="${status}"] .pipeline-list`);
      await list.scrollIntoViewIfNeeded();
      const box = (await list.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let step = 0; step < 30; step++) {
        await page.mouse.wheel(0, 300);
        await page.waitForTimeout(30);
      }
    }
    await page.waitForTimeout(300);
    report('scrolling every column to its end', await stopMeasuring(page));

    // Dragging: the first card of one column onto the next column, with the mouse, in small steps.
    await page.evaluate(`document.querySelectorAll('.pipeline-list').forEach((l) => l.scrollTo(0, 0))`);
    await page.waitForTimeout(300);
    await startMeasuring(page);
    for (let i = 0; i < DRAGS; i++) {
      const from = STATUSES[i % 5]!;
      const to = STATUSES[(i % 5) + 1]!;
      const card = page.locator(`.pipeline-column[data-status="${from}"] .pipeline-card`).first();
      const target = page.locator(`.pipeline-column[data-status="${to}"] .pipeline-list`);
      await page.locator(`.pipeline-column[data-status="${from}"]`).scrollIntoViewIfNeeded();
      await card.waitFor();
      const a = (await card.boundingBox())!;
      const b = (await target.boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + 12);
      await page.mouse.down();
      const steps = 25;
      for (let s = 1; s <= steps; s++) {
        await page.mouse.move(
          a.x + a.width / 2 + ((b.x + b.width / 2 - (a.x + a.width / 2)) * s) / steps,
          a.y + 12 + ((b.y + 40 - (a.y + 12)) * s) / steps,
        );
        await page.waitForTimeout(16);
      }
      await page.mouse.up();
      await page.waitForTimeout(400);
    }
    report(`dragging a card to the next column ×${DRAGS}`, await stopMeasuring(page));
    const totals = await page
      .locator('.pipeline-column-total')
      .evaluateAll((els) => els.map((e) => e.textContent).join(' '));
    console.log(`  column totals after the drags: ${totals}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
