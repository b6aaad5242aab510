// A review page's socket (docs/realtime.md "Review pages"): signed in with its link, it hears its
// own share's review room and nothing else; a revoke or the link's expiry closes it. Real sockets on the
// listening app (socket.io-client), SQLite and MySQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REALTIME_MESSAGES,
  REVIEW_MESSAGES as R,
  type DomainEventName,
  type DomainEventPayload,
  type Job,
  type JoinAck,
  type LiveSequence,
  type ShareAnswer,
} from '@portal/contracts';
import { auth, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';
import { liveClients, until, type LiveClient } from './live-clients.ts';

const PUBLIC_URL = 'https://portal.example';
const PER_ADDRESS = 6;
const PER_LINK = 8;
// TRUST_PROXY: each socket below names its own address (X-Forwarded-For), so that the per-address limit
// counts one test's sockets only, and the limit is seen to count the forwarded address.
const ctx = setupTestApp({
  PUBLIC_URL,
  TRUST_PROXY: '1',
  REVIEW_RATE_LIMIT: String(PER_ADDRESS),
  REVIEW_LINK_RATE_LIMIT: String(PER_LINK),
});
const send = requester(ctx);
const live = liveClients();
let address: string;
let skill: number;
let seq = 0;

beforeAll(async () => {
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  skill = (await createSkills(ctx, ['Payments'])).Payments!;
});
afterAll(() => live.closeAll());

let addresses = 0;
const nextAddress = () => `10.7.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** A review page's socket: `auth: { reviewToken }` (or `{ token }`), from an address of its own. */
const openReview = (token: string, { as = 'reviewToken', from = nextAddress() } = {}) =>
  live.open(address, { auth: { [as]: token }, headers: { 'x-forwarded-for': from } });
const openStaff = (token = ctx.adminToken) => live.open(address, { token });

const reviewJoin = (client: LiveClient, token: unknown) =>
  new Promise<JoinAck>((resolve) =>
    (client.emit as (...a: unknown[]) => void)('review:join', { token }, resolve),
  );
const ask = (client: LiveClient, event: string, ...args: unknown[]) =>
  new Promise<JoinAck>((resolve) => (client.emit as (...a: unknown[]) => void)(event, ...args, resolve));

/** Everything a client receives, by message name, with its place in its room. */
function record(client: LiveClient) {
  const got: { name: string; payload: unknown; sequence?: LiveSequence }[] = [];
  client.onAny((name: string, payload: unknown, sequence?: LiveSequence) =>
    got.push({ name, payload, sequence }),
  );
  return got;
}
/** Why the server closed a client, once it has. */
function closedWhy(client: LiveClient) {
  const state: { reason?: string } = {};
  client.on('disconnect', (reason) => (state.reason = reason));
  return state;
}
const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** Events published as a service publishes them: in a unit of work, after its commit. */
const publish = <N extends DomainEventName>(name: N, payload: DomainEventPayload<N>) =>
  ctx.app.inUnitOfWork(async ({ emit }) => emit(name, payload));

const tokenOf = (url: string) => url.slice(`${PUBLIC_URL}/review/`.length);

/** A job with two shortlisted candidates, shared to its client and one contact: two links of one share. */
async function sharedShortlist() {
  const n = ++seq;
  const job: Job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skill]),
    title: `Review Live ${n}`,
    questions: [],
    clientName: `Client ${n}`,
    clientEmail: `client${n}@acme.example`,
  });
  const first = await createCandidate(ctx, ctx.adminToken, job.id, {
    name: `Aarav ${n}`,
    status: 'shortlisted',
  });
  const second = await createCandidate(ctx, ctx.adminToken, job.id, {
    name: `Bhavna ${n}`,
    status: 'shortlisted',
  });
  const contact = await send('POST', `/api/jobs/${job.id}/client-contacts`, ctx.adminToken, {
    name: `Priya ${n}`,
    email: `priya${n}@acme.example`,
  });
  expect(contact.statusCode, contact.body).toBe(201);
  const res = await send('POST', '/api/candidates/share', ctx.adminToken, {
    jobId: job.id,
    contactIds: [contact.json<{ id: number }>().id],
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<ShareAnswer>();
  expect(answer.links).toHaveLength(2);
  const [client, other] = answer.links.map((l) => ({ id: l.id, token: tokenOf(l.url) }));
  return { job, shareId: answer.shareId, first, second, client: client!, other: other! };
}

const comment = (shareId: number, uuid: string, text: string, linkId: number | null = null) =>
  publish('review.comment', {
    shareId,
    uuid,
    comment: { id: ++seq, from: 'staff', author: 'Admin', text, at: new Date().toISOString(), linkId },
  });

describe("a review page's socket", () => {
  it("signs in with its link, joins its own share's room and hears that share's messages only", async () => {
    const mine = await sharedShortlist();
    const theirs = await sharedShortlist();
    const page = await openReview(mine.client.token);
    // The same link given as `auth: { token }` (a review token is no JWT) is a review page's socket too.
    const samePage = await openReview(mine.client.token, { as: 'token' });
    const otherShare = await openReview(theirs.client.token);
    const staff = await openStaff();
    const heard = record(page);
    const heardToo = record(samePage);
    const heardElsewhere = record(otherShare);
    const staffHeard = record(staff);

    const joined = await reviewJoin(page, mine.client.token);
    expect(joined).toEqual({ ok: true, data: { seq: 0 } });
    expect(await reviewJoin(samePage, mine.client.token)).toMatchObject({ ok: true });
    expect(await reviewJoin(otherShare, theirs.client.token)).toMatchObject({ ok: true });
    expect(await ask(staff, 'job:join', { jobId: mine.job.id })).toMatchObject({ ok: true });

    await comment(mine.shareId, mine.first.uuid, 'We can set up a call on Monday.', mine.client.id);
    await publish('review.withdrawn', { shareId: mine.shareId, uuid: mine.second.uuid, name: 'Bhavna' });
    const room = `review:${mine.shareId}`;
    expect(await until(() => heard.length === 2 && heardToo.length === 2)).toBe(true);
    expect(heard).toEqual([
      {
        name: 'review:comment',
        payload: {
          uuid: mine.first.uuid,
          comment: expect.objectContaining({ text: 'We can set up a call on Monday.', from: 'staff' }),
        },
        sequence: { room, seq: 1 },
      },
      {
        name: 'review:withdrawn',
        payload: { uuid: mine.second.uuid, name: 'Bhavna' },
        sequence: { room, seq: 2 },
      },
    ]);
    // Another share's page and the job's staff hear nothing of it.
    await settle();
    expect(heardElsewhere).toEqual([]);
    expect(staffHeard).toEqual([]);
    // A page that joins now starts from the room's latest number.
    const late = await openReview(mine.other.token);
    expect(await reviewJoin(late, mine.other.token)).toEqual({ ok: true, data: { seq: 2 } });
  });

  it('hears a decision of another recipient of its share, and nothing a service object carries besides', async () => {
    const s = await sharedShortlist();
    const page = await openReview(s.other.token);
    const heard = record(page);
    expect(await reviewJoin(page, s.other.token)).toMatchObject({ ok: true });
    const decision = {
      linkId: s.client.id,
      by: 'Client',
      decision: 'interested' as const,
      reason: null,
      comment: 'Strong on UPI',
      rating: 4,
      at: new Date().toISOString(),
    };
    // A service's object with more than the message says (an internal field) sends only the contract's fields.
    await publish('review.decision', {
      shareId: s.shareId,
      uuid: s.first.uuid,
      decision: { ...decision, internalNote: 'never to the client' } as typeof decision,
    });
    expect(await until(() => heard.length === 1)).toBe(true);
    expect(heard[0]).toEqual({
      name: 'review:decision',
      payload: { uuid: s.first.uuid, decision },
      sequence: { room: `review:${s.shareId}`, seq: 1 },
    });
  });

  it('is refused at the handshake for an unknown, expired or revoked link; no credentials at all still are', async () => {
    const s = await sharedShortlist();
    await expect(live.open(address)).rejects.toThrow(REALTIME_MESSAGES.notSignedIn);
    const unknown = s.client.token.slice(0, -2) + (s.client.token.endsWith('AA') ? 'BB' : 'AA');
    await expect(openReview(unknown)).rejects.toThrow(R.linkNotFound);
    await expect(openReview(unknown, { as: 'token' })).rejects.toThrow(R.linkNotFound);
    await expect(openReview('')).rejects.toThrow(R.linkNotFound);

    await ctx.app
      .db('share_links')
      .where({ id: s.client.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await expect(openReview(s.client.token)).rejects.toThrow(R.linkExpired);

    const revoked = await send('POST', `/api/shares/links/${s.other.id}/revoke`, ctx.adminToken);
    expect(revoked.statusCode, revoked.body).toBe(200);
    await expect(openReview(s.other.token)).rejects.toThrow(R.linkRevoked);
  });

  it("is refused at review:join for its link expired since, another link's token or a malformed request", async () => {
    const s = await sharedShortlist();
    const page = await openReview(s.client.token);
    const heard = record(page);
    expect(await reviewJoin(page, s.other.token)).toEqual({ ok: false, message: R.joinRefused });
    expect(await reviewJoin(page, 42)).toEqual({ ok: false, message: R.linkNotFound });
    expect(await reviewJoin(page, 'x'.repeat(43))).toEqual({ ok: false, message: R.linkNotFound });

    await ctx.app
      .db('share_links')
      .where({ id: s.client.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await reviewJoin(page, s.client.token)).toEqual({ ok: false, message: R.linkExpired });
    // Not in the share's room: its messages do not reach it.
    await comment(s.shareId, s.first.uuid, 'Not for an expired page');
    await settle();
    expect(heard).toEqual([]);
  });

  it("is a review page's socket even with a signed-in person's session cookie sent along", async () => {
    const s = await sharedShortlist();
    const page = await live.open(address, {
      auth: { reviewToken: s.client.token },
      cookie: `portal_session=${encodeURIComponent(ctx.adminToken)}`,
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect(await ask(page, 'board:join')).toEqual({ ok: false, message: R.reviewSocketOnly });
    expect(await reviewJoin(page, s.client.token)).toMatchObject({ ok: true });
  });

  it('may ask for nothing but its review room: job, board, dashboard and others are refused', async () => {
    const s = await sharedShortlist();
    const page = await openReview(s.client.token);
    const heard = record(page);
    for (const [event, ...args] of [
      ['job:join', { jobId: s.job.id }],
      ['board:join'],
      ['dashboard:join'],
      ['ledger:join'],
      ['card:focus', { jobId: s.job.id, uuid: s.first.uuid }],
    ] as [string, ...unknown[]][]) {
      expect(await ask(page, event, ...args), event).toEqual({ ok: false, message: R.reviewSocketOnly });
    }
    // Nothing of the job, the board or the bell reaches it.
    const changed = await send('PATCH', `/api/candidates/${s.first.uuid}/status`, ctx.adminToken, {
      status: 'interviewed',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await settle();
    expect(heard).toEqual([]);
    expect(page.connected).toBe(true);
  });

  it("is closed, once told, when its link is revoked; the share's other recipient stays and hears on", async () => {
    const s = await sharedShortlist();
    const revokedPage = await openReview(s.client.token);
    const otherPage = await openReview(s.other.token);
    const heardRevoked = record(revokedPage);
    const heardOther = record(otherPage);
    const revokedClosed = closedWhy(revokedPage);
    const otherClosed = closedWhy(otherPage);
    for (const [page, link] of [
      [revokedPage, s.client],
      [otherPage, s.other],
    ] as const) {
      expect(await reviewJoin(page, link.token)).toMatchObject({ ok: true });
    }

    const res = await send('POST', `/api/shares/links/${s.client.id}/revoke`, ctx.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(await until(() => revokedClosed.reason !== undefined)).toBe(true);
    expect(revokedClosed.reason).toBe('io server disconnect');
    expect(heardRevoked).toEqual([
      {
        name: 'review:revoked',
        payload: { linkId: s.client.id, message: R.linkRevoked },
        sequence: { room: `review-link:${s.client.id}`, seq: 1 },
      },
    ]);
    // A second revoke says nothing more.
    expect((await send('POST', `/api/shares/links/${s.client.id}/revoke`, ctx.adminToken)).statusCode).toBe(
      200,
    );

    await comment(s.shareId, s.first.uuid, 'Still here for the other recipient');
    expect(await until(() => heardOther.length === 1)).toBe(true);
    expect(heardOther[0]).toMatchObject({ name: 'review:comment' });
    expect(otherPage.connected).toBe(true);
    expect(otherClosed.reason).toBeUndefined();
    expect(heardRevoked).toHaveLength(1);
  });

  it('is closed as its link expires, unless the link was extended meanwhile', async () => {
    const s = await sharedShortlist();
    const soon = () => new Date(Date.now() + 1500);
    await ctx.app.db('share_links').whereIn('id', [s.client.id, s.other.id]).update({ expires_at: soon() });
    const expiring = await openReview(s.client.token);
    const extended = await openReview(s.other.token);
    const expiringClosed = closedWhy(expiring);
    const extendedClosed = closedWhy(extended);
    expect(await reviewJoin(expiring, s.client.token)).toMatchObject({ ok: true });
    expect(await reviewJoin(extended, s.other.token)).toMatchObject({ ok: true });
    const res = await send('POST', `/api/shares/links/${s.other.id}/extend`, ctx.adminToken, { days: 3 });
    expect(res.statusCode, res.body).toBe(200);

    expect(await until(() => expiringClosed.reason !== undefined, 5000)).toBe(true);
    expect(expiringClosed.reason).toBe('io server disconnect');
    await settle(500);
    expect(extended.connected).toBe(true);
    expect(extendedClosed.reason).toBeUndefined();
  });

  it('handshakes are limited per address and per link', async () => {
    const s = await sharedShortlist();
    // One link, many addresses: the link's limit.
    for (let i = 0; i < PER_LINK; i++) await openReview(s.client.token);
    await expect(openReview(s.client.token)).rejects.toThrow(R.tooManyRequests);
    // One address, several links (of several shares): the address's limit, counted apart from the link's.
    const from = nextAddress();
    const tokens = [s.other.token];
    while (tokens.length <= PER_ADDRESS) {
      const more = await sharedShortlist();
      tokens.push(more.client.token, more.other.token);
    }
    for (const token of tokens.slice(0, PER_ADDRESS)) await openReview(token, { from });
    await expect(openReview(tokens[PER_ADDRESS]!, { from })).rejects.toThrow(R.tooManyRequests);
    await expect(openReview(tokens[PER_ADDRESS]!)).resolves.toBeTruthy();
  });
});

describe('review rooms and signed-in users', () => {
  it("a signed-in socket may not join a review room, even with a link's token; nor read one back", async () => {
    const s = await sharedShortlist();
    const staff = await openStaff();
    const heard = record(staff);
    expect(await reviewJoin(staff, s.client.token)).toEqual({ ok: false, message: R.reviewRoomNotForStaff });
    await comment(s.shareId, s.first.uuid, 'For the client only');
    await settle();
    expect(heard).toEqual([]);
    for (const room of [`review:${s.shareId}`, `review-link:${s.client.id}`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/events?room=${encodeURIComponent(room)}&since=0`,
        headers: auth(ctx.adminToken),
      });
      expect(res.statusCode, room).toBe(400);
    }
  });

  it("a client's feedback reaches the job room's staff as candidate:client-feedback, without internal fields", async () => {
    const s = await sharedShortlist();
    const staff = await openStaff();
    const heard = record(staff);
    expect(await ask(staff, 'job:join', { jobId: s.job.id })).toMatchObject({ ok: true });
    const feedback = {
      uuid: s.first.uuid,
      candidateId: s.first.id,
      jobId: s.job.id,
      decision: 'not_a_fit' as const,
      reason: 'Experience Gap',
      comments: 2,
      kind: 'decision' as const,
      by: 'Client',
      at: new Date().toISOString(),
    };
    await publish('candidate.client_feedback', { ...feedback, linkToken: 'secret' } as typeof feedback);
    expect(await until(() => heard.length === 1)).toBe(true);
    expect(heard[0]).toEqual({
      name: 'candidate:client-feedback',
      payload: feedback,
      sequence: { room: `job:${s.job.id}`, seq: expect.any(Number) },
    });
  });
});

describe('through the routes: live both ways', () => {
  /** A review route's call from an address of its own (the per-address limit is low here). */
  const fromClient = (method: 'POST' | 'GET', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { 'x-forwarded-for': nextAddress() },
    });

  it("a client's decision reaches the job room's staff as candidate:client-feedback and the share's other pages as review:decision", async () => {
    const s = await sharedShortlist();
    const elsewhere = await sharedShortlist();
    const staff = await openStaff();
    const otherRecipient = await openReview(s.other.token);
    const otherShare = await openReview(elsewhere.client.token);
    const staffHeard = record(staff);
    const recipientHeard = record(otherRecipient);
    const otherShareHeard = record(otherShare);
    expect(await ask(staff, 'job:join', { jobId: s.job.id })).toMatchObject({ ok: true });
    expect(await ask(staff, 'job:join', { jobId: elsewhere.job.id })).toMatchObject({ ok: true });
    expect(await reviewJoin(otherRecipient, s.other.token)).toMatchObject({ ok: true });
    expect(await reviewJoin(otherShare, elsewhere.client.token)).toMatchObject({ ok: true });

    const res = await fromClient(
      'POST',
      `/api/review/${s.client.token}/candidates/${s.first.uuid}/decision`,
      {
        decision: 'interested',
        comment: 'Please invite him',
        rating: 5,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    // The sharer's bell hears of it too (notification:new): the job room's message is what counts here.
    const feedback = () => staffHeard.filter((m) => m.name === 'candidate:client-feedback');
    expect(await until(() => feedback().length === 1 && recipientHeard.length === 1)).toBe(true);
    expect(feedback()[0]).toMatchObject({
      name: 'candidate:client-feedback',
      payload: { uuid: s.first.uuid, jobId: s.job.id, decision: 'interested', kind: 'decision' },
      sequence: { room: `job:${s.job.id}` },
    });
    expect(recipientHeard[0]).toEqual({
      name: 'review:decision',
      payload: {
        uuid: s.first.uuid,
        decision: expect.objectContaining({
          linkId: s.client.id,
          decision: 'interested',
          comment: 'Please invite him',
          rating: 5,
        }),
      },
      sequence: { room: `review:${s.shareId}`, seq: 1 },
    });
    // Nothing of the share beyond what the page shows: no share number, no candidate id.
    expect(Object.keys(recipientHeard[0]!.payload as object).sort()).toEqual(['decision', 'uuid']);
    await settle();
    expect(otherShareHeard).toEqual([]);
    expect(feedback()).toHaveLength(1);
  });

  it("a recruiter's reply and a withdrawn candidate reach the open review pages of that share", async () => {
    const s = await sharedShortlist();
    const page = await openReview(s.client.token);
    const heard = record(page);
    expect(await reviewJoin(page, s.client.token)).toMatchObject({ ok: true });

    const asked = await fromClient(
      'POST',
      `/api/review/${s.client.token}/candidates/${s.first.uuid}/comments`,
      {
        text: 'Is he open to relocating?',
      },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const replied = await send('POST', `/api/candidates/${s.first.uuid}/client-comments`, ctx.adminToken, {
      shareLinkId: s.client.id,
      text: 'Yes, to Pune.',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const withdrawn = await send(
      'DELETE',
      `/api/shares/${s.shareId}/candidates/${s.second.uuid}`,
      ctx.adminToken,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    expect(await until(() => heard.length === 3)).toBe(true);
    expect(heard.map((m) => [m.name, m.sequence?.seq])).toEqual([
      ['review:comment', 1],
      ['review:comment', 2],
      ['review:withdrawn', 3],
    ]);
    expect(heard[0]!.payload).toMatchObject({
      uuid: s.first.uuid,
      comment: { from: 'client', text: 'Is he open to relocating?', linkId: s.client.id },
    });
    expect(heard[1]!.payload).toMatchObject({
      uuid: s.first.uuid,
      comment: { from: 'staff', text: 'Yes, to Pune.' },
    });
    expect(heard[2]!.payload).toEqual({ uuid: s.second.uuid, name: s.second.name });
  });
});
