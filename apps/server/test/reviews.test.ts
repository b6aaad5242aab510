import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_MESSAGES as R,
  type ClientContact,
  type IssuedShareLink,
  type Job,
  type ReviewPage,
  type ShareAnswer,
  type ShortlistShare,
} from '@portal/contracts';
import { auth, multipartFile, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate, FILES } from './candidate-fixtures.ts';
import { startSmtpServer, textOf } from './smtp-server.ts';

const smtp = await startSmtpServer();
const PUBLIC_URL = 'https://portal.example';
const PER_ADDRESS = 40;
const PER_LINK = 10;
const ctx = setupTestApp({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Recruitment <jobs@portal.example>',
  PUBLIC_URL,
  REVIEW_RATE_LIMIT: String(PER_ADDRESS),
  REVIEW_LINK_RATE_LIMIT: String(PER_LINK),
});
const send = requester(ctx);
const DAY = 24 * 3600 * 1000;

let skill: number;
let editor: Awaited<ReturnType<typeof ctx.createUser>>;
let outsider: Awaited<ReturnType<typeof ctx.createUser>>;
let seq = 0;

/** Every review request comes from an address of its own unless a test says otherwise (the per-address limit). */
let addresses = 0;
const nextAddress = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const tokenOf = (link: Pick<IssuedShareLink, 'url'>) => link.url.slice(`${PUBLIC_URL}/review/`.length);
const view = (token: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'GET', url: `/api/review/${token}`, remoteAddress });
const resume = (token: string, uuid: string, query = '', remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/review/${token}/candidates/${uuid}/resume${query}`,
    remoteAddress,
  });

/** A job with its own client address, two shortlisted candidates (the first with a resume) and one not. */
async function jobWithShortlist() {
  const n = ++seq;
  const job: Job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skill]),
    title: `Payments Engineer ${n}`,
    questions: [],
    clientName: `Acme Hiring ${n}`,
    clientEmail: `hiring${n}@acme.example`,
    editable_by: [editor.user.id],
  });
  const first = await createCandidate(ctx, ctx.adminToken, job.id, {
    name: `Aarav ${n}`,
    status: 'shortlisted',
  });
  const second = await createCandidate(ctx, ctx.adminToken, job.id, {
    name: `Bhavna ${n}`,
    status: 'shortlisted',
  });
  const notShortlisted = await createCandidate(ctx, ctx.adminToken, job.id, { name: `Chetan ${n}` });
  const upload = multipartFile('resume', 'cv.pdf', 'application/pdf', FILES.pdf);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/candidates/${first.uuid}/upload/resume`,
    headers: { ...auth(ctx.adminToken), ...upload.headers },
    payload: upload.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { job, first, second, notShortlisted };
}

async function addContact(jobId: number, name: string, email: string): Promise<ClientContact> {
  const res = await send('POST', `/api/jobs/${jobId}/client-contacts`, ctx.adminToken, { name, email });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function share(
  jobId: number,
  body: Record<string, unknown> = {},
  token = ctx.adminToken,
): Promise<ShareAnswer> {
  const res = await send('POST', '/api/candidates/share', token, { jobId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  skill = (await createSkills(ctx, ['Payments'])).Payments!;
  editor = await ctx.createUser();
  outsider = await ctx.createUser();
});

describe('sharing a shortlist sends each recipient a review link', () => {
  it("mails the job's client and each chosen contact their own working link, never the candidates' details", async () => {
    const { job, first, second } = await jobWithShortlist();
    const priya = await addContact(job.id, 'Priya Nair', `priya${seq}@acme.example`);
    const unchosen = await addContact(job.id, 'Not Chosen', `unchosen${seq}@acme.example`);
    const answer = await share(job.id, {
      clientEmail: 'attacker@evil.example',
      contactIds: [priya.id],
      notes: { [first.uuid]: 'Led the UPI migration at his last company.' },
    });
    expect(answer).toMatchObject({
      success: true,
      mail: 'sent',
      shared: [{ id: first.id }, { id: second.id }],
    });
    expect(answer.shareId).toEqual(expect.any(Number));
    expect(answer.links.map((l) => [l.recipient, l.recipientName])).toEqual([
      [job.clientEmail, job.clientName],
      [priya.email, 'Priya Nair'],
    ]);
    for (const link of answer.links) {
      expect(link.url).toMatch(/^https:\/\/portal\.example\/review\/[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(14 * DAY - 60_000);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(14 * DAY);
    }
    expect(tokenOf(answer.links[0]!)).not.toBe(tokenOf(answer.links[1]!));

    for (const link of answer.links) {
      const mail = await smtp.next(link.recipient);
      const text = textOf(mail);
      expect(text).toContain(link.url);
      expect(text).toContain(`Dear ${link.recipientName}`);
      for (const detail of [first.email, first.phone, second.email, 'Infosys'])
        expect(text).not.toContain(detail);
      // The link in the mail opens the page.
      const token = /\/review\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
      expect((await view(token)).statusCode).toBe(200);
    }
    expect(smtp.received.some((m) => m.to.includes(unchosen.email))).toBe(false);
    expect(smtp.received.some((m) => m.to.includes('attacker@evil.example'))).toBe(false);
  });

  it('shows the job, the sender and the shared candidates only, without contact details by default', async () => {
    const { job, first, second } = await jobWithShortlist();
    const answer = await share(job.id, { notes: { [String(first.id)]: '  Strong on reconciliation.  ' } });
    const token = tokenOf(answer.links[0]!);
    const res = await view(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    const page: ReviewPage = res.json();
    const admin = await ctx.app.db('users').where({ username: 'admin' }).first('name', 'email');
    expect(page.job).toEqual({
      title: job.title,
      location: expect.stringContaining(job.city),
      type: job.type,
    });
    expect(page.sender).toEqual({ name: admin.name, email: admin.email });
    // As stored: to the second on MySQL.
    expect(Math.abs(Date.parse(page.expiresAt) - Date.parse(answer.links[0]!.expiresAt))).toBeLessThan(1000);
    expect(page.allowDownload).toBe(false);
    expect(page.candidates.map((c) => c.name)).toEqual([first.name, second.name]);
    const [a, b] = page.candidates;
    expect(a).toEqual({
      uuid: first.uuid,
      name: first.name,
      experience: first.experience,
      current_company: first.current_company,
      current_ctc: first.current_ctc,
      expected_ctc: first.expected_ctc,
      notice_period: first.notice_period,
      current_location: first.current_location,
      preferred_location: first.preferred_location,
      note: 'Strong on reconciliation.',
      resume: {
        name: `${first.name} - Resume.pdf`,
        url: `/api/review/${token}/candidates/${first.uuid}/resume`,
      },
      decision: null,
      decisions: [],
      comments: [],
    });
    expect(b).toMatchObject({ uuid: second.uuid, note: null, resume: null });
    expect(b).not.toHaveProperty('phone');
    expect(b).not.toHaveProperty('email');
    // Nothing internal: no notes of the team, no status, no who-added-them.
    expect(res.body).not.toContain('Strong React skills');
    expect(res.body).not.toContain('created_by');
  });

  it('shows phone and e-mail when the share says so', async () => {
    const { job, first } = await jobWithShortlist();
    const answer = await share(job.id, { showContactDetails: true, candidates: [first.uuid] });
    const page: ReviewPage = (await view(tokenOf(answer.links[0]!))).json();
    expect(page.candidates).toHaveLength(1);
    expect(page.candidates[0]).toMatchObject({ phone: first.phone, email: first.email });
  });

  it('keeps only the SHA-256 of each token: the links table, the sent mails and the staff lists never hold it', async () => {
    const { job } = await jobWithShortlist();
    const contact = await addContact(job.id, 'Meera', `meera${seq}@acme.example`);
    const answer = await share(job.id, { contactIds: [contact.id] });
    const rows = await ctx.app.db('share_links').where({ share_id: answer.shareId }).orderBy('id');
    expect(rows).toHaveLength(2);
    const outbox = await ctx.app.db('mail_outbox').whereIn(
      'to_address',
      answer.links.map((l) => l.recipient),
    );
    const shares = (await send('GET', `/api/jobs/${job.id}/shares`, ctx.adminToken)).body;
    answer.links.forEach((link, i) => {
      const token = tokenOf(link);
      expect(rows[i].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[i].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(token);
      // A mail that has gone keeps its link masked in the outbox.
      expect(JSON.stringify(outbox)).not.toContain(token);
      expect(shares).not.toContain(token);
    });
    expect(outbox.every((m) => m.status === 'sent' && m.text_body.includes(`${PUBLIC_URL}/review/…`))).toBe(
      true,
    );
  });

  it('says so when the mail server refuses the mail: the share stands and the mail waits with its link', async () => {
    const { job } = await jobWithShortlist();
    smtp.refuse('550 mailbox unavailable');
    try {
      const res = await send('POST', '/api/candidates/share', ctx.adminToken, { jobId: job.id });
      expect(res.statusCode, res.body).toBe(200);
      const answer: ShareAnswer = res.json();
      expect(answer).toMatchObject({ mail: 'queued', message: R.sharedMailFailed(2) });
      const waiting = await ctx.app.db('mail_outbox').where({ to_address: job.clientEmail }).first();
      expect(waiting).toMatchObject({ status: 'failed' });
      // Sent again from the outbox later, it must still carry a working link.
      expect(waiting.text_body).toContain(answer.links[0]!.url);
      expect((await view(tokenOf(answer.links[0]!))).statusCode).toBe(200);
    } finally {
      smtp.refuse(null);
    }
  });

  it('refuses a contact of another job, an expiry outside 1 to 90 days and a note for a candidate not shared (400): nothing recorded', async () => {
    const { job, notShortlisted } = await jobWithShortlist();
    const { job: otherJob } = await jobWithShortlist();
    const foreign = await addContact(otherJob.id, 'Elsewhere', `elsewhere${seq}@acme.example`);
    const before = [
      await ctx.count('shortlist_shares'),
      await ctx.count('share_links'),
      smtp.received.length,
    ];
    for (const [body, message] of [
      [{ contactIds: [foreign.id] }, R.contactsNotOfJob],
      [{ contactIds: [999999] }, R.contactsNotOfJob],
      [{ notes: { [notShortlisted.uuid]: 'Not in this shortlist' } }, R.noteNotShared],
      [{ expiresInDays: 0 }, null],
      [{ expiresInDays: 91 }, null],
      [{ showContactDetails: 'yes' }, null],
      [{ contactIds: ['x'] }, null],
    ] as const) {
      const res = await send('POST', '/api/candidates/share', ctx.adminToken, { jobId: job.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
      else expect(res.json().message).toBeTruthy();
    }
    expect([
      await ctx.count('shortlist_shares'),
      await ctx.count('share_links'),
      smtp.received.length,
    ]).toEqual(before);
    const longer = await share(job.id, { expiresInDays: 90 });
    expect(Date.parse(longer.links[0]!.expiresAt) - Date.now()).toBeGreaterThan(90 * DAY - 60_000);
  });
});

describe('the review page refuses what the link does not open', () => {
  it('answers 404 for an unknown, altered or made-up token', async () => {
    const { job } = await jobWithShortlist();
    const token = tokenOf((await share(job.id)).links[0]!);
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const wrong of [altered, 'A'.repeat(43), 'short']) {
      const res = await view(wrong);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.json().message).toBe(R.linkNotFound);
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
    expect((await view('x'.repeat(100))).statusCode).toBe(404);
  });

  it("serves a shared candidate's resume in the page, and 404 for any candidate the share does not hold", async () => {
    const { job, first, second, notShortlisted } = await jobWithShortlist();
    const { first: ofOtherJob } = await jobWithShortlist();
    const token = tokenOf((await share(job.id)).links[0]!);
    const res = await resume(token, first.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.rawPayload.equals(FILES.pdf)).toBe(true);
    // Downloads are not allowed by default.
    const download = await resume(token, first.uuid, '?download=1');
    expect(download.statusCode).toBe(403);
    expect(download.json().message).toBe(R.downloadNotAllowed);
    for (const candidate of [notShortlisted, ofOtherJob]) {
      const foreign = await resume(token, candidate.uuid);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(R.candidateNotInShare);
    }
    expect((await resume(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await resume(token, second.uuid)).json()).toMatchObject({ statusCode: 404, message: R.noResume });
    expect((await resume(token, first.uuid, '?download=yes')).statusCode).toBe(400);
  });

  it('offers the resume as a download when the share allows it', async () => {
    const { job, first } = await jobWithShortlist();
    const token = tokenOf((await share(job.id, { allowDownload: true })).links[0]!);
    expect((await view(token)).json().allowDownload).toBe(true);
    const res = await resume(token, first.uuid, '?download=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('answers 410 with whom to ask once the link has expired, and works again once extended', async () => {
    const { job, first } = await jobWithShortlist();
    const link = (await share(job.id)).links[0]!;
    const token = tokenOf(link);
    await ctx.app
      .db('share_links')
      .where({ id: link.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const res = await view(token);
    expect(res.statusCode).toBe(410);
    const admin = await ctx.app.db('users').where({ username: 'admin' }).first('name', 'email');
    expect(res.json()).toMatchObject({
      message: R.linkExpired,
      sender: { name: admin.name, email: admin.email },
    });
    expect((await resume(token, first.uuid)).statusCode).toBe(410);

    const extend = (days: unknown, token = ctx.adminToken) =>
      send('POST', `/api/shares/links/${link.id}/extend`, token, { days });
    for (const days of [0, 91, 'seven', 1.5]) expect((await extend(days)).statusCode, String(days)).toBe(400);
    expect((await extend(7, outsider.token)).statusCode).toBe(403);
    const extended = await extend(7, editor.token);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(Date.parse(extended.json().expiresAt) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect((await view(token)).statusCode).toBe(200);
  });

  it('answers 410 once the link is revoked, at once, and a revoked link cannot be extended', async () => {
    const { job, first } = await jobWithShortlist();
    const link = (await share(job.id)).links[0]!;
    const token = tokenOf(link);
    expect((await view(token)).statusCode).toBe(200);
    const revoke = (token?: string) => send('POST', `/api/shares/links/${link.id}/revoke`, token);
    expect((await revoke()).statusCode).toBe(401);
    const refused = await revoke(outsider.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(R.noLinkPermission);
    expect((await view(token)).statusCode).toBe(200);
    const revoked = await revoke(editor.token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    const res = await view(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(R.linkRevoked);
    expect((await resume(token, first.uuid)).statusCode).toBe(410);
    const extend = await send('POST', `/api/shares/links/${link.id}/extend`, ctx.adminToken, { days: 5 });
    expect(extend.statusCode).toBe(409);
    expect(extend.json().message).toBe(R.revokedCannotExtend);
    expect((await send('POST', '/api/shares/links/abc/revoke', ctx.adminToken)).statusCode).toBe(400);
    for (const action of ['revoke', 'extend']) {
      const unknown = await send('POST', `/api/shares/links/999999/${action}`, ctx.adminToken, { days: 5 });
      expect(unknown.statusCode, action).toBe(404);
      expect(unknown.json().message).toBe(R.shareLinkNotFound);
    }
  });
});

describe('what the recruiter sees of a link', () => {
  it("counts each view with its time and address, and lists it on the job's shares without the token", async () => {
    const { job, first } = await jobWithShortlist();
    const contact = await addContact(job.id, 'Kiran', `kiran${seq}@acme.example`);
    const answer = await share(job.id, { contactIds: [contact.id] });
    const [clientLink, contactLink] = answer.links;
    expect((await view(tokenOf(clientLink!), '203.0.113.7')).statusCode).toBe(200);
    expect((await view(tokenOf(clientLink!), '198.51.100.4')).statusCode).toBe(200);
    expect((await resume(tokenOf(clientLink!), first.uuid, '', '198.51.100.4')).statusCode).toBe(200);

    const res = await send('GET', `/api/jobs/${job.id}/shares`, ctx.adminToken);
    expect(res.statusCode).toBe(200);
    const [latest] = res.json().items as ShortlistShare[];
    expect(latest!.id).toBe(answer.shareId);
    expect(latest!.links.map((l) => [l.recipient, l.views])).toEqual([
      [clientLink!.recipient, 2],
      [contactLink!.recipient, 0],
    ]);
    const opened = latest!.links[0]!;
    expect(opened).toMatchObject({
      recipientName: job.clientName,
      revokedAt: null,
      showContactDetails: false,
      allowDownload: false,
    });
    expect(Date.parse(opened.firstOpenedAt!)).toBeLessThanOrEqual(Date.parse(opened.lastOpenedAt!));
    expect(latest!.links[1]).toMatchObject({ firstOpenedAt: null, lastOpenedAt: null });
    expect(Object.keys(opened)).not.toContain('url');

    const activity = await ctx.app.db('share_link_activity').where({ link_id: clientLink!.id }).orderBy('id');
    expect(activity.map((a) => [a.kind, a.address])).toEqual([
      ['view', '203.0.113.7'],
      ['view', '198.51.100.4'],
      ['resume', '198.51.100.4'],
    ]);
  });

  it('names a candidate withdrawn from a share as withdrawn in its list, the others not', async () => {
    const { job, first, second } = await jobWithShortlist();
    const answer = await share(job.id);
    const shares = async () => {
      const res = await send('GET', `/api/jobs/${job.id}/shares`, ctx.adminToken);
      const [latest] = res.json().items as ShortlistShare[];
      return latest!.candidates.map((c) => [c.uuid, c.withdrawn]);
    };
    expect(await shares()).toEqual([
      [first.uuid, false],
      [second.uuid, false],
    ]);
    const out = await send(
      'DELETE',
      `/api/shares/${answer.shareId}/candidates/${first.uuid}`,
      ctx.adminToken,
    );
    expect(out.statusCode, out.body).toBe(200);
    expect(await shares()).toEqual([
      [first.uuid, true],
      [second.uuid, false],
    ]);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message once one link is read too often, from whatever addresses', async () => {
    const { job } = await jobWithShortlist();
    const token = tokenOf((await share(job.id)).links[0]!);
    for (let i = 0; i < PER_LINK; i++) expect((await view(token)).statusCode).toBe(200);
    const res = await view(token);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(R.tooManyRequests);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers 429 once one address reads too many pages, whichever links', async () => {
    const { job } = await jobWithShortlist();
    const contacts = await Promise.all(
      [1, 2, 3, 4].map((n) => addContact(job.id, `Contact ${n}`, `contact${n}.${seq}@acme.example`)),
    );
    const tokens = (await share(job.id, { contactIds: contacts.map((c) => c.id) })).links.map(tokenOf);
    expect(tokens).toHaveLength(5);
    const address = '192.0.2.99';
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await view(tokens[i % tokens.length]!, address)).statusCode).toBe(200);
    }
    const res = await view(tokens[0]!, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(R.tooManyRequests);
    // Another address still reads the same link.
    expect((await view(tokens[1]!)).statusCode).toBe(200);
  });
});
