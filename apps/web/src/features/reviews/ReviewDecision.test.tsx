import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CLIENT_DECISION_LABELS,
  REVIEW_MESSAGES,
  type Candidate,
  type Job,
  type ReviewPage,
} from '@portal/contracts';
import { renderApp } from '../../../test/render.tsx';
import {
  addClientContact,
  createCandidate,
  createJob,
  decideThrough,
  expireLink,
  setCandidateStatus,
  shareShortlist,
  tokenOf,
  uniqueName,
  withdrawFromShare,
} from '../../../test/data.ts';
import { configureLive } from '../../lib/live.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';

let tag: string;
let job: Job;
let aarav: Candidate;
let bhavna: Candidate;

/**
 * Shares the shortlist with the job's client and one client contact (Priya): each gets a link; the page
 * under test is the client's.
 */
async function share() {
  const contact = await addClientContact(job.id, {
    name: 'Priya Nair',
    email: `priya.${uniqueName('c').toLowerCase()}@acme.example`,
  });
  const answer = await shareShortlist({ jobId: job.id, contactIds: [contact.id] });
  const [client, priya] = [
    answer.links.find((l) => l.recipient !== contact.email)!,
    answer.links.find((l) => l.recipient === contact.email)!,
  ];
  return { shareId: answer.shareId, client: tokenOf(client), clientId: client.id, priya: tokenOf(priya) };
}

/** The page as the server keeps it now (one more view of the link in the recruiter's tracking). */
async function pageOf(token: string): Promise<ReviewPage> {
  const res = await fetch(`${inject('apiBase')}/api/review/${token}`);
  return (await res.json()) as ReviewPage;
}

beforeAll(async () => {
  tag = uniqueName('Decide');
  job = await createJob({
    title: `${tag} Risk Analyst`,
    clientName: 'Acme Hiring',
    clientEmail: 'talent@acme.example',
  });
  aarav = await createCandidate({ job_id: job.id, name: `${tag} Aarav` });
  bhavna = await createCandidate({ job_id: job.id, name: `${tag} Bhavna` });
  await setCandidateStatus(aarav, 'shortlisted');
  await setCandidateStatus(bhavna, 'shortlisted');
});

const card = (name: string) => screen.getByRole('article', { name });
const openPage = async (token: string) => {
  renderApp(`/review/${token}`);
  await screen.findByRole('heading', { level: 1, name: M.shortlistFor(`${tag} Risk Analyst`) });
};
const save = (name: string) => screen.getByRole('button', { name: `${M.saveDecision} on ${name}` });

describe('the client decides on a shared candidate', () => {
  it('asks for a decision and, for "not a fit", a reason; saves it with a rating and comment; and lets it change', async () => {
    const links = await share();
    // Priya, the other recipient, decided first: the client sees it, named.
    await decideThrough(links.priya, aarav.uuid, { decision: 'interested', rating: 4 });
    await openPage(links.client);
    const a = card(aarav.name);
    expect(within(a).getByText('Priya Nair').parentElement!.textContent).toBe('Priya Nair: Interested · 4/5');

    await userEvent.click(save(aarav.name));
    expect(within(a).getByText(REVIEW_MESSAGES.decisionRequired)).toBeTruthy();
    const choices = within(a).getByRole('group', { name: M.decisionLegend(aarav.name) });
    await userEvent.click(within(choices).getByRole('radio', { name: CLIENT_DECISION_LABELS.not_a_fit }));
    await userEvent.click(save(aarav.name));
    expect(within(a).getByText(REVIEW_MESSAGES.reasonRequired)).toBeTruthy();
    // Nothing was sent: the server has no decision of this link.
    expect((await pageOf(links.client)).candidates.find((c) => c.uuid === aarav.uuid)!.decision).toBeNull();

    await userEvent.selectOptions(within(a).getByLabelText(/^Reason/), 'Salary Expectations');
    const rating = within(a).getByRole('group', { name: M.rating });
    await userEvent.click(within(rating).getByRole('radio', { name: M.ratingOption(2) }));
    await userEvent.type(within(a).getByLabelText(M.decisionComment), 'Asks for 40% more than the band.');
    await userEvent.click(save(aarav.name));

    // Saved: the page says what was decided, when the server has it.
    const summary = await within(a).findByText('Not a fit (Salary Expectations) · 2/5');
    expect(summary.closest('.review-decision')!.textContent).toContain('Asks for 40% more than the band.');
    expect(within(a).getByRole('status').textContent).toBe(REVIEW_MESSAGES.decisionSaved);
    const saved = (await pageOf(links.client)).candidates.find((c) => c.uuid === aarav.uuid)!.decision!;
    expect(saved).toMatchObject({
      decision: 'not_a_fit',
      reason: 'Salary Expectations',
      rating: 2,
      comment: 'Asks for 40% more than the band.',
    });
    // Priya's page names the client's decision too.
    const priyaView = (await pageOf(links.priya)).candidates.find((c) => c.uuid === aarav.uuid)!;
    expect(priyaView.decisions.map((d) => d.decision).sort()).toEqual(['interested', 'not_a_fit']);

    // Changed: the form opens with what was saved; "on hold" drops the reason, keeps the rating.
    await userEvent.click(within(a).getByRole('button', { name: `${M.changeDecision} on ${aarav.name}` }));
    const again = within(a).getByRole('group', { name: M.decisionLegend(aarav.name) });
    expect(
      (within(again).getByRole('radio', { name: CLIENT_DECISION_LABELS.not_a_fit }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await userEvent.click(within(again).getByRole('radio', { name: CLIENT_DECISION_LABELS.on_hold }));
    expect(within(a).queryByLabelText(/^Reason/)).toBeNull();
    await userEvent.click(save(aarav.name));
    expect(await within(a).findByText('On hold · 2/5')).toBeTruthy();
    const changed = (await pageOf(links.client)).candidates.find((c) => c.uuid === aarav.uuid)!.decision!;
    expect(changed).toMatchObject({ decision: 'on_hold', reason: null, rating: 2 });
    // The other candidate was left alone.
    expect(within(card(bhavna.name)).getByRole('button', { name: `${M.saveDecision} on ${bhavna.name}` }));
  });

  it('keeps the choice and offers to try again when the connection drops, and saves on retry', async () => {
    const links = await share();
    await openPage(links.client);
    const b = card(bhavna.name);
    await userEvent.click(within(b).getByRole('radio', { name: CLIENT_DECISION_LABELS.interested }));
    await userEvent.type(within(b).getByLabelText(M.decisionComment), 'Strong on fraud models.');
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) =>
      String(input).endsWith('/decision')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : realFetch(input, init);
    onTestFinished(() => void (globalThis.fetch = realFetch));
    await userEvent.click(save(bhavna.name));
    const alert = await within(b).findByRole('alert');
    expect(alert.textContent).toContain(REVIEW_MESSAGES.decisionNotSaved);
    // Nothing pretends to be saved; what was typed stays.
    expect(within(b).queryByText('Interested')).toBeNull();
    expect((within(b).getByLabelText(M.decisionComment) as HTMLTextAreaElement).value).toBe(
      'Strong on fraud models.',
    );
    globalThis.fetch = realFetch;
    await userEvent.click(within(alert).getByRole('button', { name: M.retry }));
    expect(await within(b).findByText('Interested')).toBeTruthy();
    expect(within(b).queryByRole('alert')).toBeNull();
  });

  describe('without the live connection (what a write alone tells the page)', () => {
    const offline = () => {
      const live = configureLive({ url: 'http://127.0.0.1:9' });
      onTestFinished(() => void configureLive(live));
    };

    it('drops a candidate the recruiter withdrew meanwhile, with a line saying so (404)', async () => {
      offline();
      const links = await share();
      await openPage(links.client);
      await withdrawFromShare(links.shareId, aarav.uuid);
      const a = card(aarav.name);
      await userEvent.click(within(a).getByRole('radio', { name: CLIENT_DECISION_LABELS.on_hold }));
      await userEvent.click(save(aarav.name));
      expect(await screen.findByText(REVIEW_MESSAGES.withdrawnLine(aarav.name))).toBeTruthy();
      expect(screen.queryByRole('article', { name: aarav.name })).toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: M.count(1) })).toBeTruthy();
      expect(card(bhavna.name)).toBeTruthy();
    });

    it('shows the expired link’s page when a write finds the link expired (410)', async () => {
      offline();
      const links = await share();
      await openPage(links.client);
      await expireLink(links.clientId);
      const b = card(bhavna.name);
      await userEvent.click(within(b).getByRole('radio', { name: CLIENT_DECISION_LABELS.interested }));
      await userEvent.click(save(bhavna.name));
      expect(await screen.findByRole('heading', { level: 1, name: M.expired })).toBeTruthy();
      expect(screen.getByText(REVIEW_MESSAGES.linkExpired)).toBeTruthy();
      expect(screen.getByText(M.contactSender, { exact: false })).toBeTruthy();
      expect(screen.queryByText(bhavna.name)).toBeNull();
    });
  });

  // Last in this file: it spends the link's requests for the minute (and some of this address's).
  it('says to wait when the link has made too many requests (429), keeping the choice', async () => {
    const links = await share();
    await openPage(links.client);
    let status = 200;
    for (let i = 0; i < 80 && status !== 429; i++) {
      status = (await fetch(`${inject('apiBase')}/api/review/${links.client}/candidates/x/resume`)).status;
    }
    expect(status).toBe(429);
    const a = card(aarav.name);
    await userEvent.click(within(a).getByRole('radio', { name: CLIENT_DECISION_LABELS.interested }));
    await userEvent.click(save(aarav.name));
    await waitFor(() =>
      expect(within(a).getByRole('alert').textContent).toContain(REVIEW_MESSAGES.tooManyRequests),
    );
    expect(
      (within(a).getByRole('radio', { name: CLIENT_DECISION_LABELS.interested }) as HTMLInputElement).checked,
    ).toBe(true);
    // No retry button for this one: trying again at once would be refused again.
    expect(within(a).queryByRole('button', { name: M.retry })).toBeNull();
  });
});
