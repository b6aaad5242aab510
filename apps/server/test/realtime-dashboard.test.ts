import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_STATS_COALESCE_MS, type Job, type RecruitmentDashboard } from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { liveClients, until, type LiveClient } from './live-clients.ts';

const live = liveClients();

const ctx = setupTestApp();
const send = requester(ctx);
let address: string;
let job: Job;
let client: LiveClient;

beforeAll(async () => {
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const skills = await createSkills(ctx, ['React']);
  job = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.React!]), questions: [] });
  client = await live.open(address, { token: ctx.adminToken });
  expect(await new Promise((resolve) => client.emit('dashboard:join', resolve))).toMatchObject({ ok: true });
});
afterAll(() => live.closeAll());

describe('dashboard:stats', () => {
  it('sends a handful of coalesced figures for a burst of 1,000 changes, the last one up to date', async () => {
    const got: RecruitmentDashboard[] = [];
    client.on('dashboard:stats', (stats) => got.push(stats));
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      name: `Burst Person ${i}`,
      email: `burst.${i}@example.com`,
      phone: `7${String(i).padStart(9, '0')}`,
      experience: 1,
      source: i % 2 ? 'LinkedIn' : 'Naukri',
      job_id: job.id,
    }));
    // Bulk uploads of 1,000 candidates in all (1,000 events), and 20 single additions at once. (Batches of
    // 250: SQLite refuses one insert of more than 500 rows, a limit the candidates service meets at 1,000.)
    const burstStart = Date.now();
    for (let i = 0; i < rows.length; i += 250) {
      const bulk = await send('POST', '/api/candidates/bulk-upload', ctx.adminToken, {
        candidates: rows.slice(i, i + 250),
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
    }
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('POST', '/api/candidates', ctx.adminToken, {
          name: `Single ${i}`,
          email: `single.${i}@example.com`,
          phone: `6${String(i).padStart(9, '0')}`,
          experience: 2,
          job_id: job.id,
        }),
      ),
    );
    const burstMs = Date.now() - burstStart;
    expect(await until(() => got.at(-1)?.totalCandidates === 1020)).toBe(true);
    // One more candidate after the burst marks its end: figures are sent in order, so every message the
    // burst caused has arrived once the marker's figures (1,021) have.
    await send('POST', '/api/candidates', ctx.adminToken, {
      name: 'After the burst',
      email: 'after.burst@example.com',
      phone: '6999999999',
      experience: 2,
      job_id: job.id,
      source: 'Referral',
    });
    expect(await until(() => got.some((stats) => stats.totalCandidates === 1021))).toBe(true);
    const ofBurst = got.slice(
      0,
      got.findIndex((stats) => stats.totalCandidates === 1021),
    );
    // A handful, not 1,020: at most one per coalescing window while the burst lasted (on a busy machine
    // the bulk uploads take seconds), and the one after it.
    expect(ofBurst.length).toBeGreaterThanOrEqual(1);
    expect(ofBurst.length).toBeLessThanOrEqual(
      Math.min(20, Math.ceil(burstMs / DASHBOARD_STATS_COALESCE_MS) + 2),
    );
    const last = ofBurst.at(-1)!;
    expect(last.totalCandidates).toBe(1020);
    expect(last.sourceDistribution.find((s) => s.source === 'LinkedIn')?.count).toBe(500);
    expect(last.recentActivities[0]?.type).toBe('new_candidate');
  });

  it('is not sent to a socket that left the dashboard room', async () => {
    // A second socket stays in the room: once it has the change's figures, the one that left would have too.
    const stays = await live.open(address, { token: ctx.adminToken });
    expect(await new Promise((resolve) => stays.emit('dashboard:join', resolve))).toMatchObject({ ok: true });
    const toStayer: unknown[] = [];
    stays.on('dashboard:stats', (stats) => toStayer.push(stats));
    const got: unknown[] = [];
    client.on('dashboard:stats', (stats) => got.push(stats));
    expect(await new Promise((resolve) => client.emit('dashboard:leave', resolve))).toEqual({ ok: true });
    await send('PATCH', `/api/jobs/${job.id}/status`, ctx.adminToken, { status: 'closed' });
    expect(await until(() => toStayer.length > 0)).toBe(true);
    expect(got).toEqual([]);
  });
});
