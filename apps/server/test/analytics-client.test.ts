// Client response analytics: links sent through the share route, their sending times and the
// clients' decisions set in the database at known times, so that every hour in the figures is known.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientResponseAnalytics, Job, ShareAnswer } from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';
import { toDate } from '../src/lib/dates.ts';

const ctx = setupTestApp();
const send = requester(ctx);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 2 March 2026, 10:00 in India (04:30 UTC). */
const T0 = Date.parse('2026-03-02T04:30:00Z');
const at = (ms: number) => new Date(T0 + ms);

let skill = 0;
let editor: Awaited<ReturnType<typeof ctx.createUser>>;

async function jobFor(client: { name: string; email: string }, editableBy: number[] = []): Promise<Job> {
  return createJob(ctx, ctx.adminToken, {
    ...jobBody([skill]),
    title: `${client.name} Engineer`,
    questions: [],
    clientName: client.name,
    clientEmail: client.email,
    editable_by: editableBy,
  });
}

async function shortlist(job: Job, names: string[]) {
  const out = [];
  for (const name of names)
    out.push(await createCandidate(ctx, ctx.adminToken, job.id, { name, status: 'shortlisted' }));
  return out;
}

/** Shares the job's shortlist (to its client and the contacts named), sent at `sentAt`: the share and its links. */
async function shareAt(job: Job, sentAt: Date, contacts: { name: string; email: string }[] = []) {
  const contactIds = [];
  for (const c of contacts) {
    const res = await send('POST', `/api/jobs/${job.id}/client-contacts`, ctx.adminToken, c);
    expect(res.statusCode, res.body).toBe(201);
    contactIds.push(res.json().id as number);
  }
  const res = await send('POST', '/api/candidates/share', ctx.adminToken, { jobId: job.id, contactIds });
  expect(res.statusCode, res.body).toBe(200);
  const answer: ShareAnswer = res.json();
  await ctx.app.db('shortlist_shares').where({ id: answer.shareId }).update({ shared_at: sentAt });
  await ctx.app.db('share_links').where({ share_id: answer.shareId }).update({ created_at: sentAt });
  return answer.links.map((l) => l.id);
}

/** A recipient's decision on a candidate, first made at `first` (and changed since, at `last`). */
async function decide(linkId: number, candidateId: number, decision: string, first: Date, last = first) {
  await ctx.app.db('review_decisions').insert({
    link_id: linkId,
    candidate_id: candidateId,
    decision,
    first_decided_at: first,
    decided_at: last,
  });
}

async function figures(query = '', token = ctx.adminToken): Promise<ClientResponseAnalytics> {
  const res = await send('GET', `/api/analytics/client-response${query ? `?${query}` : ''}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const NO_RESPONSE = {
  linksSent: 0,
  linksAnswered: 0,
  linksUnanswered: 0,
  medianHours: null,
  averageHours: null,
};
const NO_DECISIONS = {
  sharedCandidates: 0,
  decisions: 0,
  interested: 0,
  onHold: 0,
  notAFit: 0,
  decisionsPerCandidate: null,
};

let acme: Job;
let acmeGroup: Job;
let quiet: Job;

beforeAll(async () => {
  skill = (await createSkills(ctx, ['Client Analytics']))['Client Analytics']!;
  editor = await ctx.createUser();
  acme = await jobFor({ name: 'Acme Hiring', email: 'hiring@acme.example' });
  // The same client (its address written otherwise) on another job, which the editor may edit.
  acmeGroup = await jobFor({ name: 'Acme Group', email: 'HIRING@Acme.example' }, [editor.user.id]);
  quiet = await jobFor({ name: 'Quiet Client', email: 'quiet@client.example' });
  await shortlist(quiet, ['Nobody Shared']);

  const [aarav, bhavna] = await shortlist(acme, ['Aarav', 'Bhavna']);
  const [chetan] = await shortlist(acmeGroup, ['Chetan']);
  // Acme, sent on day 0 to the client and a contact: answered after 2 h and 6 h.
  const [toClient, toContact] = await shareAt(acme, at(0), [{ name: 'Priya', email: 'priya@acme.example' }]);
  await decide(toClient!, aarav!.id, 'interested', at(2 * HOUR));
  // Changed from a first decision at 5 h to "not a fit" on day 3: the first time stays.
  await decide(toClient!, bhavna!.id, 'not_a_fit', at(5 * HOUR), at(3 * DAY));
  await decide(toContact!, aarav!.id, 'on_hold', at(6 * HOUR));
  // Acme Group, day 1: answered after an hour.
  const [groupLink] = await shareAt(acmeGroup, at(DAY));
  await decide(groupLink!, chetan!.id, 'interested', at(DAY + HOUR));
  // Acme again on day 10 (the same two candidates): not answered.
  await shareAt(acme, at(10 * DAY));
});

describe('client response analytics', () => {
  it('gives the hours from each link to its first decision, per job and per client, with the decisions', async () => {
    const f = await figures();
    expect(f.response).toEqual({
      linksSent: 4,
      linksAnswered: 3,
      linksUnanswered: 1,
      medianHours: 2,
      averageHours: 3,
    });
    expect(f.decisions).toEqual({
      sharedCandidates: 5,
      decisions: 4,
      interested: 2,
      onHold: 1,
      notAFit: 1,
      decisionsPerCandidate: 0.8,
    });
    expect(f.byJob).toEqual([
      {
        jobId: acmeGroup.id,
        title: 'Acme Group Engineer',
        response: { linksSent: 1, linksAnswered: 1, linksUnanswered: 0, medianHours: 1, averageHours: 1 },
        decisions: {
          ...NO_DECISIONS,
          sharedCandidates: 1,
          decisions: 1,
          interested: 1,
          decisionsPerCandidate: 1,
        },
      },
      {
        jobId: acme.id,
        title: 'Acme Hiring Engineer',
        // Median of 2 h and 6 h: their mean.
        response: { linksSent: 3, linksAnswered: 2, linksUnanswered: 1, medianHours: 4, averageHours: 4 },
        decisions: {
          sharedCandidates: 4,
          decisions: 3,
          interested: 1,
          onHold: 1,
          notAFit: 1,
          decisionsPerCandidate: 0.75,
        },
      },
    ]);
    // One client for both jobs (the address without case), named as on its latest share (Acme's, day 10).
    expect(f.byClient).toEqual([{ email: 'hiring@acme.example', name: 'Acme Hiring', response: f.response }]);
  });

  it('counts the links sent between From and To (firm days), and the candidates of their shares', async () => {
    const day0 = await figures('from=2026-03-02&to=2026-03-02');
    expect(day0.response).toEqual({
      linksSent: 2,
      linksAnswered: 2,
      linksUnanswered: 0,
      medianHours: 4,
      averageHours: 4,
    });
    expect(day0.decisions).toMatchObject({ sharedCandidates: 2, decisions: 3, decisionsPerCandidate: 1.5 });
    expect(day0.byJob.map((j) => j.jobId)).toEqual([acme.id]);

    const later = await figures('from=2026-03-03');
    expect(later.response).toMatchObject({ linksSent: 2, linksAnswered: 1, medianHours: 1 });
    expect(later.byJob.map((j) => [j.jobId, j.response.linksSent])).toEqual([
      [acmeGroup.id, 1],
      [acme.id, 1],
    ]);
    // 10:00 on 1 March in India is still 1 March: nothing sent up to it.
    expect((await figures('to=2026-03-01')).response).toEqual(NO_RESPONSE);
  });

  it('keeps to one job when asked', async () => {
    const f = await figures(`jobId=${acme.id}`);
    expect(f.byJob.map((j) => j.jobId)).toEqual([acme.id]);
    expect(f.response).toEqual(f.byJob[0]!.response);
    expect(f.decisions.sharedCandidates).toBe(4);
  });

  it('gives zeros and no times, not an error, for a job that shared nothing', async () => {
    const f = await figures(`jobId=${quiet.id}`);
    expect(f).toMatchObject({ response: NO_RESPONSE, decisions: NO_DECISIONS, byJob: [], byClient: [] });
  });

  it("shows an employee the shares of the jobs they may edit only, and nobody's else", async () => {
    const f = await figures('', editor.token);
    expect(f.byJob.map((j) => j.jobId)).toEqual([acmeGroup.id]);
    expect(f.byClient).toEqual([
      { email: 'hiring@acme.example', name: 'Acme Group', response: f.byJob[0]!.response },
    ]);
    const stranger = await ctx.createUser();
    expect(await figures('', stranger.token)).toMatchObject({ response: NO_RESPONSE, byJob: [] });
  });

  it('counts a decision made on the review page, keeping its first time when the client changes it', async () => {
    const job = await jobFor({ name: 'Live Client', email: 'live@client.example' });
    const [candidate] = await shortlist(job, ['Divya']);
    const res = await send('POST', '/api/candidates/share', ctx.adminToken, { jobId: job.id });
    expect(res.statusCode, res.body).toBe(200);
    const [link] = (res.json() as ShareAnswer).links;
    const token = link!.url.split('/review/')[1]!;
    const decide = async (decision: string) => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/review/${token}/candidates/${candidate!.uuid}/decision`,
        payload: { decision },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await decide('interested');
    // The link sent three hours before that first decision.
    const { first_decided_at: first } = await ctx.app
      .db('review_decisions')
      .where({ link_id: link!.id })
      .first('first_decided_at');
    const firstAt = toDate(first);
    await ctx.app
      .db('share_links')
      .where({ id: link!.id })
      .update({ created_at: new Date(firstAt.getTime() - 3 * HOUR) });
    await decide('on_hold');
    const f = await figures(`jobId=${job.id}`);
    expect(f.response).toEqual({
      linksSent: 1,
      linksAnswered: 1,
      linksUnanswered: 0,
      medianHours: 3,
      averageHours: 3,
    });
    expect(f.decisions).toEqual({
      sharedCandidates: 1,
      decisions: 1,
      interested: 0,
      onHold: 1,
      notAFit: 0,
      decisionsPerCandidate: 1,
    });
  });

  it('refuses From after To and a malformed date', async () => {
    const order = await send(
      'GET',
      '/api/analytics/client-response?from=2026-03-05&to=2026-03-01',
      ctx.adminToken,
    );
    expect(order.statusCode).toBe(400);
    const bad = await send('GET', '/api/analytics/client-response?from=yesterday', ctx.adminToken);
    expect(bad.statusCode).toBe(400);
    const anonymous = await send('GET', '/api/analytics/client-response');
    expect(anonymous.statusCode).toBe(401);
  });

  it('defines every figure in words', async () => {
    const { definitions } = await figures();
    const figureKeys = [...Object.keys(NO_RESPONSE), ...Object.keys(NO_DECISIONS)];
    for (const key of [...figureKeys, 'clientResponse', 'client'])
      expect(definitions[key], key).toMatch(/\w{3,}.*\w{3,}/);
  });
});
