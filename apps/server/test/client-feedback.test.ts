import { beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_MESSAGES as R,
  type ClientComment,
  type ClientFeedback,
  type IssuedShareLink,
  type Job,
  type NotificationPage,
  type PipelineBoard,
  type ReviewDecisionSaved,
  type ReviewPage,
  type ShareAnswer,
  type ShortlistShareList,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';

const PUBLIC_URL = 'https://portal.example';
const PER_ADDRESS = 40;
const PER_LINK = 12;
const ctx = setupTestApp({
  PUBLIC_URL,
  REVIEW_RATE_LIMIT: String(PER_ADDRESS),
  REVIEW_LINK_RATE_LIMIT: String(PER_LINK),
});
const send = requester(ctx);
const DAY = 24 * 3600 * 1000;

let skill: number;
let editor: Awaited<ReturnType<typeof ctx.createUser>>;
let sharer: Awaited<ReturnType<typeof ctx.createUser>>;
let outsider: Awaited<ReturnType<typeof ctx.createUser>>;
let seq = 0;

/** Every review request comes from an address of its own unless a test says otherwise (the per-address limit). */
let addresses = 0;
const nextAddress = () => `10.7.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const tokenOf = (link: Pick<IssuedShareLink, 'url'>) => link.url.slice(`${PUBLIC_URL}/review/`.length);
const view = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/review/${token}`, remoteAddress: nextAddress() });
const decide = (token: string, uuid: string, body: Record<string, unknown>, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/review/${token}/candidates/${uuid}/decision`,
    payload: body,
    remoteAddress,
  });
const commentOn = (token: string, uuid: string, text: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/review/${token}/candidates/${uuid}/comments`,
    payload: { text },
    remoteAddress: nextAddress(),
  });

/**
 * A job the editor may edit, with two shortlisted candidates and one not, shared by `sharer` (who may edit
 * it too) with the job's client and one contact: two links.
 */
async function sharedShortlist() {
  const n = ++seq;
  const job: Job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skill]),
    title: `Risk Analyst ${n}`,
    questions: [],
    clientName: `Globex Hiring ${n}`,
    clientEmail: `hiring${n}@globex.example`,
    editable_by: [editor.user.id, sharer.user.id],
  });
  const first = await createCandidate(ctx, ctx.adminToken, job.id, {
    name: `Ishaan ${n}`,
    status: 'shortlisted',
  });
  const second = await createCandidate(ctx, ctx.adminToken, job.id, {
    name: `Jaya ${n}`,
    status: 'shortlisted',
  });
  const other = await createCandidate(ctx, ctx.adminToken, job.id, { name: `Kiran ${n}` });
  const contact = await send('POST', `/api/jobs/${job.id}/client-contacts`, ctx.adminToken, {
    name: `Meera <b>Iyer</b> ${n}`,
    email: `meera${n}@globex.example`,
  });
  expect(contact.statusCode, contact.body).toBe(201);
  const res = await send('POST', '/api/candidates/share', sharer.token, {
    jobId: job.id,
    contactIds: [contact.json().id],
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer: ShareAnswer = res.json();
  const [client, meera] = answer.links;
  return {
    job,
    first,
    second,
    other,
    answer,
    client: client!,
    meera: meera!,
    tokens: answer.links.map(tokenOf),
  };
}

beforeAll(async () => {
  skill = (await createSkills(ctx, ['Risk'])).Risk!;
  editor = await ctx.createUser();
  sharer = await ctx.createUser();
  outsider = await ctx.createUser();
});

describe("a client's decision on a shared candidate", () => {
  it('is saved and shown on the review page; a new one replaces it and the first time is kept', async () => {
    const { first, client, tokens } = await sharedShortlist();
    const token = tokens[0]!;
    const res = await decide(token, first.uuid, {
      decision: 'on_hold',
      comment: '  Maybe in March.  ',
      rating: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const saved: ReviewDecisionSaved = res.json();
    expect(saved).toEqual({
      linkId: client.id,
      by: client.recipientName,
      decision: 'on_hold',
      reason: null,
      comment: 'Maybe in March.',
      rating: 3,
      at: expect.any(String),
      message: R.decisionSaved,
    });
    const stored = await ctx.app.db('review_decisions').where({ link_id: client.id, candidate_id: first.id });
    expect(stored).toHaveLength(1);
    const firstAt = new Date(stored[0].first_decided_at).getTime();

    await new Promise((r) => setTimeout(r, 1100));
    const again = await decide(token, first.uuid, {
      decision: 'not_a_fit',
      reason: 'Salary Expectations',
      comment: 'Above our band.',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      decision: 'not_a_fit',
      reason: 'Salary Expectations',
      rating: null,
    });
    const rows = await ctx.app.db('review_decisions').where({ link_id: client.id, candidate_id: first.id });
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].first_decided_at).getTime()).toBe(firstAt);
    expect(new Date(rows[0].decided_at).getTime()).toBeGreaterThan(firstAt);

    // A reason is kept for "not a fit" only.
    const interested = await decide(token, first.uuid, { decision: 'interested', reason: 'Other' });
    expect(interested.json()).toMatchObject({ decision: 'interested', reason: null });

    const page: ReviewPage = (await view(token)).json();
    const shown = page.candidates.find((c) => c.uuid === first.uuid)!;
    expect(shown.decision).toMatchObject({ linkId: client.id, decision: 'interested' });
    expect(shown.decisions).toEqual([shown.decision]);

    const activity = await ctx.app
      .db('share_link_activity')
      .where({ link_id: client.id, kind: 'decision' })
      .orderBy('id');
    expect(activity.map((a) => [a.detail, a.candidate_id])).toEqual([
      ['on_hold', first.id],
      ['not_a_fit', first.id],
      ['interested', first.id],
    ]);
    expect(activity.every((a) => /^10\.7\./.test(a.address))).toBe(true);
  });

  it("shows every recipient's decision, named, to the others of the share", async () => {
    const { first, second, client, meera, tokens } = await sharedShortlist();
    expect((await decide(tokens[0]!, first.uuid, { decision: 'interested', rating: 5 })).statusCode).toBe(
      200,
    );
    expect((await decide(tokens[1]!, first.uuid, { decision: 'on_hold' })).statusCode).toBe(200);
    const page: ReviewPage = (await view(tokens[1]!)).json();
    expect(page.you).toEqual({ linkId: meera.id, name: meera.recipientName });
    const a = page.candidates.find((c) => c.uuid === first.uuid)!;
    expect(a.decision).toMatchObject({ linkId: meera.id, by: meera.recipientName, decision: 'on_hold' });
    expect(a.decisions.map((d) => [d.by, d.decision, d.rating])).toEqual([
      [client.recipientName, 'interested', 5],
      [meera.recipientName, 'on_hold', null],
    ]);
    const b = page.candidates.find((c) => c.uuid === second.uuid)!;
    expect(b).toMatchObject({ decision: null, decisions: [], comments: [] });
  });

  it('refuses a candidate of another share or not shared at all (404), and a bad decision or rating (400)', async () => {
    const { other, first, tokens } = await sharedShortlist();
    const elsewhere = await sharedShortlist();
    const notShared = await decide(tokens[0]!, other.uuid, { decision: 'interested' });
    expect(notShared.statusCode).toBe(404);
    expect(notShared.json().message).toBe(R.candidateNotInShare);
    expect((await decide(tokens[0]!, elsewhere.first.uuid, { decision: 'interested' })).statusCode).toBe(404);
    expect((await decide(tokens[0]!, 'no-such-uuid', { decision: 'interested' })).statusCode).toBe(404);

    const badDecision = await decide(tokens[0]!, first.uuid, { decision: 'hired' });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json().message).toMatch(/decision/i);
    for (const rating of [0, 6, 2.5, 'five']) {
      const bad = await decide(tokens[0]!, first.uuid, { decision: 'interested', rating });
      expect(bad.statusCode, String(rating)).toBe(400);
      expect(bad.json().message).toMatch(/rating/i);
    }
    const badReason = await decide(tokens[0]!, first.uuid, { decision: 'not_a_fit', reason: 'Too tall' });
    expect(badReason.statusCode).toBe(400);
    expect(await ctx.app.db('review_decisions').where({ candidate_id: first.id }).first()).toBeUndefined();
  });

  it('answers 404 for an unknown or altered token and 410 for an expired or revoked link', async () => {
    const { first, client, meera, tokens } = await sharedShortlist();
    const altered = `${tokens[0]!.slice(0, -1)}${tokens[0]!.endsWith('A') ? 'B' : 'A'}`;
    expect((await decide(altered, first.uuid, { decision: 'interested' })).statusCode).toBe(404);
    expect((await decide('made-up', first.uuid, { decision: 'interested' })).statusCode).toBe(404);
    await ctx.app
      .db('share_links')
      .where({ id: client.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await decide(tokens[0]!, first.uuid, { decision: 'interested' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: R.linkExpired, sender: { name: expect.any(String) } });
    const revoked = await send('POST', `/api/shares/links/${meera.id}/revoke`, ctx.adminToken);
    expect(revoked.statusCode).toBe(200);
    const gone = await decide(tokens[1]!, first.uuid, { decision: 'interested' });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(R.linkRevoked);
    expect((await commentOn(tokens[1]!, first.uuid, 'Hello')).statusCode).toBe(410);
    expect(await ctx.app.db('review_decisions').where({ candidate_id: first.id }).first()).toBeUndefined();
  });

  it('answers 429 once one link decides too often', async () => {
    const { first, tokens } = await sharedShortlist();
    let last = 0;
    for (let i = 0; i <= PER_LINK; i++) {
      last = (await decide(tokens[0]!, first.uuid, { decision: i % 2 ? 'interested' : 'on_hold' }))
        .statusCode;
    }
    expect(last).toBe(429);
    const res = await decide(tokens[0]!, first.uuid, { decision: 'interested' });
    expect(res.json().message).toBe(R.tooManyRequests);
  });
});
