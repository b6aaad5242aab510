import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_FEEDBACK_LIMITS, REVIEW_MESSAGES, type Candidate, type Job } from '@portal/contracts';
import { renderApp } from '../../../test/render.tsx';
import {
  addClientContact,
  createCandidate,
  createJob,
  decideThrough,
  replyToClient,
  revokeLink,
  setCandidateStatus,
  shareShortlist,
  tokenOf,
  uniqueName,
  withdrawFromShare,
} from '../../../test/data.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';

let tag: string;
let job: Job;
let aarav: Candidate;
let bhavna: Candidate;

/** Shares the shortlist with the job's client and a client contact (Priya), each with a link. */
async function share() {
  const contact = await addClientContact(job.id, {
    name: 'Priya Nair',
    email: `priya.${uniqueName('t').toLowerCase()}@acme.example`,
  });
  const answer = await shareShortlist({ jobId: job.id, contactIds: [contact.id] });
  const client = answer.links.find((l) => l.recipient !== contact.email)!;
  const priya = answer.links.find((l) => l.recipient === contact.email)!;
  return {
    shareId: answer.shareId,
    client: tokenOf(client),
    clientId: client.id,
    priya: tokenOf(priya),
    priyaId: priya.id,
  };
}

beforeAll(async () => {
  tag = uniqueName('Thread');
  job = await createJob({
    title: `${tag} Data Engineer`,
    clientName: 'Acme Hiring',
    clientEmail: 'talent@acme.example',
  });
  aarav = await createCandidate({ job_id: job.id, name: `${tag} Aarav` });
  bhavna = await createCandidate({ job_id: job.id, name: `${tag} Bhavna` });
  await setCandidateStatus(aarav, 'shortlisted');
  await setCandidateStatus(bhavna, 'shortlisted');
});

const card = (name: string) => screen.getByRole('article', { name });
const thread = (name: string) => within(card(name)).getByRole('list', { name: M.commentsOf(name) });
const post = (name: string) => screen.getByRole('button', { name: `${M.postComment} on ${name}` });

/** Opens the client's page and waits until it follows the share live (its socket joined the room). */
async function openLive(token: string) {
  renderApp(`/review/${token}`);
  await screen.findByRole('heading', { level: 1, name: M.shortlistFor(`${tag} Data Engineer`) });
  await waitFor(() =>
    expect(screen.getByRole('heading', { level: 2 }).closest('section')!.dataset.live).toBe('online'),
  );
}

describe("a shared candidate's comment thread", () => {
  it('shows comments and replies oldest first, as text; refuses an empty one; posts one once', async () => {
    const links = await share();
    // Before the page opens: the recruiter answered Priya, who had asked through her link.
    await replyToClient(aarav.uuid, links.priyaId, 'He can start in <b>30 days</b> & not before.');
    await openLive(links.client);
    const a = card(aarav.name);
    const first = within(thread(aarav.name)).getAllByRole('listitem');
    expect(first).toHaveLength(1);
    expect(within(first[0]!).getByText(M.fromRecruiter)).toBeTruthy();
    // What someone wrote is shown as they wrote it, never as markup.
    expect(within(first[0]!).getByText('He can start in <b>30 days</b> & not before.')).toBeTruthy();
    expect(first[0]!.querySelector('b')).toBeNull();

    await userEvent.click(post(aarav.name));
    expect(within(a).getByText('Please write a comment')).toBeTruthy();
    await userEvent.type(within(a).getByLabelText(M.writeComment), '   ');
    await userEvent.click(post(aarav.name));
    expect(within(a).getByText(/Please write a comment|only spaces/)).toBeTruthy();

    await userEvent.clear(within(a).getByLabelText(M.writeComment));
    await userEvent.type(within(a).getByLabelText(M.writeComment), 'Can we meet him on Friday?');
    await userEvent.click(post(aarav.name));
    await waitFor(() => expect(within(thread(aarav.name)).getAllByRole('listitem')).toHaveLength(2));
    const mine = within(thread(aarav.name)).getAllByRole('listitem')[1]!;
    expect(mine.textContent).toContain('Can we meet him on Friday?');
    expect(mine.textContent).toContain(`(${M.fromYou})`);
    expect((within(a).getByLabelText(M.writeComment) as HTMLTextAreaElement).value).toBe('');
    // The live message of one's own comment comes too, after the answer: still one. A reply sent after it
    // arrives after it, so once the reply shows, the echo has been handled.
    await replyToClient(aarav.uuid, links.clientId, 'Friday 11:00 works.');
    await waitFor(() => expect(within(thread(aarav.name)).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(thread(aarav.name))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.prewrap')!.textContent),
    ).toEqual([
      'He can start in <b>30 days</b> & not before.',
      'Can we meet him on Friday?',
      'Friday 11:00 works.',
    ]);
  });

  it('refuses a comment longer than the limit, in the contract’s words, and keeps it', async () => {
    const links = await share();
    renderApp(`/review/${links.client}`);
    const b = await screen.findByRole('article', { name: bhavna.name });
    const long = 'x'.repeat(CLIENT_FEEDBACK_LIMITS.comment + 1);
    const box = within(b).getByLabelText(M.writeComment);
    await userEvent.click(box);
    await userEvent.paste(long);
    await userEvent.click(post(bhavna.name));
    expect(within(b).getByText(new RegExp(String(CLIENT_FEEDBACK_LIMITS.comment)))).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe(long);
    expect(within(b).getByText(M.noComments)).toBeTruthy();
  });

  it('keeps a comment that could not be sent and sends it on retry', async () => {
    const links = await share();
    renderApp(`/review/${links.client}`);
    const b = await screen.findByRole('article', { name: bhavna.name });
    await userEvent.type(within(b).getByLabelText(M.writeComment), 'Is she open to Pune?');
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) =>
      String(input).endsWith('/comments')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : realFetch(input, init);
    onTestFinished(() => void (globalThis.fetch = realFetch));
    await userEvent.click(post(bhavna.name));
    const alert = await within(b).findByRole('alert');
    expect(alert.textContent).toContain(REVIEW_MESSAGES.commentNotSent);
    expect((within(b).getByLabelText(M.writeComment) as HTMLTextAreaElement).value).toBe(
      'Is she open to Pune?',
    );
    expect(within(b).getByText(M.noComments)).toBeTruthy();
    globalThis.fetch = realFetch;
    await userEvent.click(within(alert).getByRole('button', { name: M.retry }));
    await waitFor(() => expect(within(thread(bhavna.name)).getAllByRole('listitem')).toHaveLength(1));
    expect(within(thread(bhavna.name)).getByText('Is she open to Pune?')).toBeTruthy();
    expect(within(b).queryByRole('alert')).toBeNull();
  });
});

describe('the review page follows its share live', () => {
  it("shows another recipient's decision, a recruiter's reply and a withdrawn candidate without a reload", async () => {
    const links = await share();
    await openLive(links.client);
    await decideThrough(links.priya, bhavna.uuid, {
      decision: 'not_a_fit',
      reason: 'Experience Gap',
      rating: 2,
    });
    const b = card(bhavna.name);
    expect((await within(b).findByText('Priya Nair')).parentElement!.textContent).toBe(
      'Priya Nair: Not a fit (Experience Gap) · 2/5',
    );
    // Her mind changes: the line changes, not a second one.
    await decideThrough(links.priya, bhavna.uuid, { decision: 'on_hold' });
    await waitFor(() =>
      expect(within(b).getByText('Priya Nair').parentElement!.textContent).toBe('Priya Nair: On hold'),
    );
    expect(within(b).getAllByText('Priya Nair')).toHaveLength(1);

    await replyToClient(bhavna.uuid, links.clientId, 'She has two offers; decide by Monday please.');
    expect(await within(b).findByText('She has two offers; decide by Monday please.')).toBeTruthy();

    await withdrawFromShare(links.shareId, aarav.uuid);
    expect(await screen.findByText(REVIEW_MESSAGES.withdrawnLine(aarav.name))).toBeTruthy();
    expect(screen.queryByRole('article', { name: aarav.name })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: M.count(1) })).toBeTruthy();
  });

  it('says at once that the link was withdrawn when the recruiter revokes it', async () => {
    const links = await share();
    await openLive(links.client);
    await revokeLink(links.clientId);
    expect(await screen.findByRole('heading', { level: 1, name: M.withdrawn })).toBeTruthy();
    expect(screen.getByText(REVIEW_MESSAGES.linkRevoked)).toBeTruthy();
    expect(screen.getByText(M.contactSender, { exact: false }).querySelector('a')).toBeTruthy();
    expect(screen.queryByText(aarav.name)).toBeNull();
  });
});
