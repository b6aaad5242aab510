import { beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_MESSAGES as R,
  type ClientComment,
  type ClientFeedback,
  type IssuedShareLink,
  type DomainEvent,
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

describe('the comment thread', () => {
  it("keeps a client's comment as text, counts it on the application and shows it to every recipient", async () => {
    const { first, client, tokens } = await sharedShortlist();
    const res = await commentOn(
      tokens[0]!,
      first.uuid,
      '  Can he start <b>before</b> April? <script>x</script> ',
    );
    expect(res.statusCode, res.body).toBe(201);
    const comment: ClientComment = res.json();
    expect(comment).toEqual({
      id: expect.any(Number),
      from: 'client',
      author: client.recipientName,
      text: 'Can he start <b>before</b> April? <script>x</script>',
      at: expect.any(String),
      linkId: client.id,
    });
    const page: ReviewPage = (await view(tokens[1]!)).json();
    expect(page.candidates.find((c) => c.uuid === first.uuid)!.comments).toEqual([comment]);
    const row = await ctx.app.db('candidates').where({ id: first.id }).first('client_comments');
    expect(Number(row.client_comments)).toBe(1);
    const activity = await ctx.app.db('share_link_activity').where({ link_id: client.id, kind: 'comment' });
    expect(activity).toHaveLength(1);
  });

  it('refuses a blank or too long comment (400) and a candidate not in the share (404)', async () => {
    const { first, other, tokens } = await sharedShortlist();
    for (const text of ['', '   ', 'x'.repeat(2001), 42]) {
      const res = await commentOn(tokens[0]!, first.uuid, text);
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await commentOn(tokens[0]!, first.uuid, '   ')).json().message).toBe('Please write a comment');
    expect((await commentOn(tokens[0]!, other.uuid, 'Hello')).statusCode).toBe(404);
    expect(await ctx.app.db('review_comments').where({ candidate_id: first.id }).first()).toBeUndefined();
  });

  it("takes a recruiter's reply through a link of the share, and the review page shows it in the thread", async () => {
    const { job, first, client, meera, tokens } = await sharedShortlist();
    const asked: ClientComment = (await commentOn(tokens[1]!, first.uuid, 'Notice period?')).json();
    const res = await send('POST', `/api/candidates/${first.uuid}/client-comments`, editor.token, {
      shareLinkId: meera.id,
      text: 'Thirty days, negotiable.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const reply: ClientComment = res.json();
    expect(reply).toEqual({
      id: expect.any(Number),
      from: 'staff',
      author: editor.user.name,
      text: 'Thirty days, negotiable.',
      at: expect.any(String),
      linkId: meera.id,
    });
    // Every recipient of the share reads the thread, oldest first.
    for (const token of tokens) {
      const page: ReviewPage = (await view(token)).json();
      expect(page.candidates.find((c) => c.uuid === first.uuid)!.comments).toEqual([asked, reply]);
    }
    // The link's id as digits works too; the job's creator (admin) may reply.
    const again = await send('POST', `/api/candidates/${first.id}/client-comments`, ctx.adminToken, {
      shareLinkId: String(client.id),
      text: 'And he is available for a call.',
    });
    expect(again.statusCode, again.body).toBe(201);
    const candidate = await send('GET', `/api/candidates/${first.uuid}`, ctx.adminToken);
    expect(candidate.json().client_feedback).toMatchObject({ decision: null, comments: 3 });
    expect(job.id).toBe(first.job_id);
  });

  it('refuses a reply through a link of another share (400), an unknown link (404), a closed link (409), from someone who may not edit (403)', async () => {
    const { first, client, meera } = await sharedShortlist();
    const elsewhere = await sharedShortlist();
    const reply = (token: string, shareLinkId: unknown, text: unknown = 'Hello') =>
      send('POST', `/api/candidates/${first.uuid}/client-comments`, token, { shareLinkId, text });

    const foreign = await reply(editor.token, elsewhere.client.id);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(R.linkNotOfCandidate);
    expect((await reply(editor.token, 999_999)).statusCode).toBe(404);
    expect((await reply(editor.token, client.id, '  ')).statusCode).toBe(400);
    const denied = await reply(outsider.token, client.id);
    expect(denied.statusCode).toBe(403);
    expect(
      (await send('POST', `/api/candidates/${first.uuid}/client-comments`, undefined, {})).statusCode,
    ).toBe(401);

    await send('POST', `/api/shares/links/${client.id}/revoke`, ctx.adminToken);
    const revoked = await reply(editor.token, client.id);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().message).toBe(R.replyLinkRevoked);
    await ctx.app
      .db('share_links')
      .where({ id: meera.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await reply(editor.token, meera.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(R.replyLinkExpired);
    expect(await ctx.app.db('review_comments').where({ candidate_id: first.id }).first()).toBeUndefined();
  });
});

describe('what the team sees of the answers', () => {
  it("puts the latest decision and the comments' count on the candidate and its card, without a new version", async () => {
    const { job, first, second, tokens, client, meera } = await sharedShortlist();
    const before = (await send('GET', `/api/candidates/${first.uuid}`, ctx.adminToken)).json();
    expect(before.client_feedback).toBeNull();
    await decide(tokens[0]!, first.uuid, { decision: 'interested' });
    await commentOn(tokens[0]!, first.uuid, 'Lovely profile');
    await decide(tokens[1]!, first.uuid, { decision: 'not_a_fit', reason: 'Experience Gap' });

    const after = (await send('GET', `/api/candidates/${first.uuid}`, ctx.adminToken)).json();
    expect(after.client_feedback).toEqual({
      decision: 'not_a_fit',
      reason: 'Experience Gap',
      comments: 1,
      by: meera.recipientName,
      at: expect.any(String),
    });
    // A client's answer changes nothing a recruiter edits: the card's version (a move's) stays.
    expect(after.version).toBe(before.version);
    expect(after.status).toBe('shortlisted');

    const board: PipelineBoard = (await send('GET', `/api/jobs/${job.id}/pipeline`, ctx.adminToken)).json();
    const cards = board.columns.flatMap((c) => c.cards);
    expect(cards.find((c) => c.uuid === first.uuid)!.client_feedback).toEqual(after.client_feedback);
    expect(cards.find((c) => c.uuid === second.uuid)!.client_feedback).toBeNull();
    // The move the card offers is still one click: made from the card's version.
    const moved = await send('POST', `/api/candidates/${first.uuid}/move`, ctx.adminToken, {
      status: 'interviewed',
      version: after.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The edit form sends the record back whole, its summary with it: read-only, taken and ignored.
    const loaded = (await send('GET', `/api/candidates/${first.uuid}`, ctx.adminToken)).json();
    expect(loaded.client_feedback).toEqual(after.client_feedback);
    const edited = await send('PUT', `/api/candidates/${first.uuid}`, ctx.adminToken, {
      ...loaded,
      notes: 'Client keen',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ notes: 'Client keen', client_feedback: after.client_feedback });

    const feedback: ClientFeedback = (
      await send('GET', `/api/candidates/${first.uuid}/client-feedback`, outsider.token)
    ).json();
    expect(feedback.summary).toEqual(after.client_feedback);
    expect(feedback.shares).toHaveLength(1);
    expect(feedback.shares[0]).toMatchObject({
      shareId: expect.any(Number),
      sharedBy: sharer.user.name,
      withdrawn: false,
      links: [
        { id: client.id, recipient: client.recipient, recipientName: client.recipientName, revokedAt: null },
        { id: meera.id, recipient: meera.recipient, recipientName: meera.recipientName, revokedAt: null },
      ],
    });
    expect(JSON.stringify(feedback)).not.toContain(tokens[0]!);
    expect(feedback.shares[0]!.decisions.map((d) => [d.by, d.decision])).toEqual([
      [client.recipientName, 'interested'],
      [meera.recipientName, 'not_a_fit'],
    ]);
    expect(feedback.shares[0]!.comments.map((c) => c.text)).toEqual(['Lovely profile']);
    expect((await send('GET', '/api/candidates/no-such/client-feedback', ctx.adminToken)).statusCode).toBe(
      404,
    );
    expect((await send('GET', `/api/candidates/${first.uuid}/client-feedback`)).statusCode).toBe(401);
  });

  it("tells the job's people and the sharer, as text, with the move a decision suggests", async () => {
    const { first, second, tokens, client, job } = await sharedShortlist();
    const bell = async (token: string): Promise<NotificationPage> =>
      (await send('GET', '/api/notifications', token)).json();
    // The sharer hears of it as the sharer, even once no longer among the job's people.
    await ctx.app.db('job_editors').where({ job_id: job.id, user_id: sharer.user.id }).delete();
    await decide(tokens[0]!, first.uuid, { decision: 'interested' });
    await decide(tokens[1]!, second.uuid, { decision: 'not_a_fit', reason: 'Salary Expectations' });
    await decide(tokens[1]!, first.uuid, { decision: 'on_hold' });
    await commentOn(tokens[0]!, first.uuid, 'See <b>notes</b>');

    for (const token of [editor.token, sharer.token, ctx.adminToken]) {
      const items = (await bell(token)).items.filter(
        (n) => n.jobId === job.id && n.kind.startsWith('client_'),
      );
      expect(items.map((n) => [n.kind, n.text, n.suggestedMove])).toEqual([
        ['client_comment', R.commentNotice(client.recipientName, first.name, job.title), undefined],
        [
          'client_feedback',
          `Meera <b>Iyer</b> ${seq} marked ${first.name} as On hold for ${job.title}`,
          null,
        ],
        [
          'client_feedback',
          R.feedbackNotice(`Meera <b>Iyer</b> ${seq}`, 'Not a fit', second.name, job.title),
          { uuid: second.uuid, status: 'rejected', rejectionReason: 'Salary Expectations' },
        ],
        [
          'client_feedback',
          R.feedbackNotice(client.recipientName, 'Interested', first.name, job.title),
          { uuid: first.uuid, status: 'interviewed' },
        ],
      ]);
      expect(items[3]!.candidateId).toBe(first.id);
    }
    expect((await bell(outsider.token)).items.filter((n) => n.jobId === job.id)).toEqual([]);
    // Nothing moved by itself.
    const row = await ctx.app.db('candidates').where({ id: second.id }).first('status');
    expect(row.status).toBe('shortlisted');
  });

  it('flags a share no one opened in 3 days, and counts the decisions of each link', async () => {
    const { job, first, second, tokens, client, meera, answer } = await sharedShortlist();
    const shares = async () =>
      ((await send('GET', `/api/jobs/${job.id}/shares`, ctx.adminToken)).json() as ShortlistShareList).items;
    expect((await shares())[0]).toMatchObject({ id: answer.shareId, notOpened: false });
    await ctx.app
      .db('shortlist_shares')
      .where({ id: answer.shareId })
      .update({ shared_at: new Date(Date.now() - 4 * DAY) });
    expect((await shares())[0]!.notOpened).toBe(true);

    // Every link revoked: the share waits for no one.
    await send('POST', `/api/shares/links/${client.id}/revoke`, ctx.adminToken);
    expect((await shares())[0]!.notOpened).toBe(true);
    await send('POST', `/api/shares/links/${meera.id}/revoke`, ctx.adminToken);
    expect((await shares())[0]!.notOpened).toBe(false);
    await ctx.app.db('share_links').where({ share_id: answer.shareId }).update({ revoked_at: null });

    // One link opened: not flagged any more.
    await decide(tokens[1]!, first.uuid, { decision: 'interested' });
    await decide(tokens[1]!, second.uuid, { decision: 'on_hold' });
    await decide(tokens[1]!, second.uuid, { decision: 'interested' });
    expect((await shares())[0]!.notOpened).toBe(true);
    expect((await view(tokens[1]!)).statusCode).toBe(200);
    const [share] = await shares();
    expect(share!.notOpened).toBe(false);
    expect(share!.links.map((l) => [l.id, l.decisions])).toEqual([
      [client.id, 0],
      [meera.id, 2],
    ]);
    const extended = await send('POST', `/api/shares/links/${meera.id}/extend`, ctx.adminToken, { days: 5 });
    expect(extended.json()).toMatchObject({ id: meera.id, decisions: 2 });
  });
});

describe('withdrawing a candidate from a share', () => {
  it('drops them from its review pages and refuses their resume, decisions and comments there (404)', async () => {
    const { job, first, second, tokens, answer } = await sharedShortlist();
    await decide(tokens[0]!, first.uuid, { decision: 'interested' });
    const res = await send('DELETE', `/api/shares/${answer.shareId}/candidates/${first.uuid}`, editor.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: R.candidateWithdrawn });
    const page: ReviewPage = (await view(tokens[0]!)).json();
    expect(page.candidates.map((c) => c.uuid)).toEqual([second.uuid]);
    const shares: ShortlistShareList = (await send('GET', `/api/jobs/${job.id}/shares`, editor.token)).json();
    expect(shares.items[0]!.candidates.map((c) => [c.uuid, c.withdrawn])).toEqual([
      [first.uuid, true],
      [second.uuid, false],
    ]);
    expect((await decide(tokens[0]!, first.uuid, { decision: 'on_hold' })).statusCode).toBe(404);
    expect((await commentOn(tokens[0]!, first.uuid, 'Hello')).statusCode).toBe(404);
    const resume = await ctx.app.inject({
      method: 'GET',
      url: `/api/review/${tokens[0]}/candidates/${first.uuid}/resume`,
      remoteAddress: nextAddress(),
    });
    expect(resume.statusCode).toBe(404);
    expect(resume.json().message).toBe(R.candidateNotInShare);
    // The team still sees what the client said, marked withdrawn; a reply there is refused.
    const feedback: ClientFeedback = (
      await send('GET', `/api/candidates/${first.uuid}/client-feedback`, ctx.adminToken)
    ).json();
    expect(feedback.shares[0]).toMatchObject({ withdrawn: true, decisions: [{ decision: 'interested' }] });
    const reply = await send('POST', `/api/candidates/${first.uuid}/client-comments`, editor.token, {
      shareLinkId: answer.links[0]!.id,
      text: 'Hello',
    });
    expect(reply.statusCode).toBe(409);
    // Again: the same answer, the first time kept.
    const at = (await ctx.app.db('shortlist_share_candidates').where({ candidate_id: first.id }).first())
      .withdrawn_at;
    expect(
      (await send('DELETE', `/api/shares/${answer.shareId}/candidates/${first.uuid}`, editor.token))
        .statusCode,
    ).toBe(200);
    const still = await ctx.app.db('shortlist_share_candidates').where({ candidate_id: first.id }).first();
    expect(new Date(still.withdrawn_at).getTime()).toBe(new Date(at).getTime());
  });

  it('refuses an unknown share or a candidate it does not hold (404), and anyone who may not edit the job (403)', async () => {
    const { first, other, answer } = await sharedShortlist();
    const unknown = await send('DELETE', `/api/shares/999999/candidates/${first.uuid}`, editor.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(R.shareNotFound);
    const notHeld = await send(
      'DELETE',
      `/api/shares/${answer.shareId}/candidates/${other.uuid}`,
      editor.token,
    );
    expect(notHeld.statusCode).toBe(404);
    expect(notHeld.json().message).toBe(R.candidateNotInShare);
    const denied = await send(
      'DELETE',
      `/api/shares/${answer.shareId}/candidates/${first.uuid}`,
      outsider.token,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(R.noLinkPermission);
    expect((await send('DELETE', `/api/shares/abc/candidates/${first.uuid}`, editor.token)).statusCode).toBe(
      400,
    );
    const row = await ctx.app.db('shortlist_share_candidates').where({ candidate_id: first.id }).first();
    expect(row.withdrawn_at).toBeNull();
  });
});

describe('the events an answer publishes', () => {
  it('announces a decision, a comment, a reply and a withdrawal for the job room and the review room', async () => {
    const { job, first, client, tokens, answer } = await sharedShortlist();
    const seen: DomainEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => seen.push(e));
    try {
      await decide(tokens[0]!, first.uuid, { decision: 'not_a_fit', reason: 'Other' });
      await commentOn(tokens[0]!, first.uuid, 'Thanks');
      await send('POST', `/api/candidates/${first.uuid}/client-comments`, editor.token, {
        shareLinkId: client.id,
        text: 'Noted',
      });
      await send('DELETE', `/api/shares/${answer.shareId}/candidates/${first.uuid}`, editor.token);
      // A refused answer publishes nothing.
      await decide(tokens[0]!, first.uuid, { decision: 'interested' });
    } finally {
      stop();
    }
    const ours = seen.filter((e) => e.name.startsWith('candidate.client') || e.name.startsWith('review.'));
    expect(ours.map((e) => e.name)).toEqual([
      'candidate.client_feedback',
      'review.decision',
      'candidate.client_feedback',
      'review.comment',
      'candidate.client_feedback',
      'review.comment',
      'review.withdrawn',
    ]);
    const feedback = {
      uuid: first.uuid,
      candidateId: first.id,
      jobId: job.id,
      decision: 'not_a_fit',
      reason: 'Other',
    };
    expect(ours.map((e) => e.payload)).toEqual([
      { ...feedback, comments: 0, kind: 'decision', by: client.recipientName, at: expect.any(String) },
      {
        uuid: first.uuid,
        shareId: answer.shareId,
        decision: expect.objectContaining({ linkId: client.id, decision: 'not_a_fit', reason: 'Other' }),
      },
      { ...feedback, comments: 1, kind: 'comment', by: client.recipientName, at: expect.any(String) },
      {
        uuid: first.uuid,
        shareId: answer.shareId,
        comment: expect.objectContaining({ from: 'client', text: 'Thanks' }),
      },
      { ...feedback, comments: 2, kind: 'reply', by: editor.user.name, at: expect.any(String) },
      {
        uuid: first.uuid,
        shareId: answer.shareId,
        comment: expect.objectContaining({ from: 'staff', text: 'Noted', author: editor.user.name }),
      },
      { uuid: first.uuid, name: first.name, shareId: answer.shareId },
    ]);
  });
});

describe('many clients at once', () => {
  it('loses no decision and no comment when every recipient answers at the same time', async () => {
    const { job, first, second } = await sharedShortlist();
    const contacts = [];
    for (let i = 0; i < 10; i++) {
      const res = await send('POST', `/api/jobs/${job.id}/client-contacts`, ctx.adminToken, {
        name: `Panel ${i}`,
        email: `panel${i}.${job.id}@globex.example`,
      });
      contacts.push(res.json().id as number);
    }
    const res = await send('POST', '/api/candidates/share', ctx.adminToken, {
      jobId: job.id,
      contactIds: contacts,
    });
    const tokens = (res.json() as ShareAnswer).links.map(tokenOf);
    expect(tokens).toHaveLength(11);
    const answers = await Promise.all([
      ...tokens.flatMap((token, i) => [
        decide(token, first.uuid, { decision: i % 2 ? 'interested' : 'on_hold' }),
        decide(token, second.uuid, { decision: 'not_a_fit', reason: 'Other' }),
      ]),
      ...tokens.map((token, i) => commentOn(token, first.uuid, `Comment ${i}`)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map((a) => (a.statusCode === 201 ? 201 : 200)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(22);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(11);
    const page: ReviewPage = (await view(tokens[0]!)).json();
    const a = page.candidates.find((c) => c.uuid === first.uuid)!;
    expect(a.decisions).toHaveLength(11);
    expect(a.comments.map((c) => c.text).sort()).toEqual(tokens.map((_, i) => `Comment ${i}`).sort());
    expect(page.candidates.find((c) => c.uuid === second.uuid)!.decisions).toHaveLength(11);
    const row = await ctx.app
      .db('candidates')
      .where({ id: first.id })
      .first('client_comments', 'client_decision');
    expect(Number(row.client_comments)).toBe(11);
    expect(['interested', 'on_hold']).toContain(row.client_decision);
  });
});
