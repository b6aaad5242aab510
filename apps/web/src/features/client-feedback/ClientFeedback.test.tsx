import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CANDIDATE_MESSAGES as M,
  FEEDBACK_MESSAGES as F,
  NOTIFICATION_MESSAGES as N,
  type Candidate,
  type CandidateDetails,
  type Job,
} from '@portal/contracts';
import { isLiveRoomJoined } from '../../lib/live.ts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import {
  addClientContact,
  candidateDetails,
  clientComments,
  decideThrough,
  createCandidate,
  createJob,
  rejectCandidateByApi,
  setCandidateStatus,
  shareShortlist,
  tokenOf,
  uniqueName,
} from '../../../test/data.ts';

/**
 * The clients' answers as the team sees them, against the test server: a shortlisted candidate shared with
 * the job's client, whose decision is made through the review page's public API while the board or the
 * candidate page is open.
 */
let job: Job;
let tag: string;

beforeAll(async () => {
  tag = uniqueName('Feedback');
  job = await createJob({ title: `${tag} Data Engineer`, clientName: 'Acme Hiring' });
});

/** A new shortlisted candidate of the job, shared with the client: the candidate and the link's token. */
async function sharedCandidate(name: string, contactIds?: number[]) {
  const made = await createCandidate({ job_id: job.id, name: `${tag} ${name}` });
  const shortlisted = await setCandidateStatus(made, 'shortlisted');
  const answer = await shareShortlist({
    jobId: job.id,
    candidates: [shortlisted.uuid],
    ...(contactIds ? { contactIds } : {}),
  });
  return { candidate: shortlisted, links: answer.links, token: tokenOf(answer.links[0]!) };
}

/** The board's card of this candidate (a grid row). */
const cardOf = async (name: string) =>
  (await screen.findByText(name, { selector: '.pipeline-card-name' })).closest('[role="row"]') as HTMLElement;
const columnOf = (row: HTMLElement) => row.closest('.pipeline-column')?.getAttribute('data-status');

async function openBoard() {
  renderApp(`/admin/recruitments/job-management/details/${job.id}?tab=pipeline`, asAdmin());
  await screen.findByRole('grid', { name: 'Applied candidates' });
  // The room is joined before the client answers: from then on its messages reach the board.
  await waitFor(() => expect(isLiveRoomJoined({ kind: 'job', jobId: job.id })).toBe(true), {
    timeout: 5000,
  });
}

describe("the client's answers on the board", () => {
  it('shows a decision live on the open card, with the comments, and its one-click move moves it', async () => {
    const { candidate, token } = await sharedCandidate('Asha');
    await openBoard();
    const row = await cardOf(candidate.name);
    expect(within(row).queryByText('Interested')).toBeNull();

    await decideThrough(token, candidate.uuid, {
      decision: 'interested',
      comment: 'Strong on Spark',
      rating: 4,
    });
    await clientComments(token, candidate.uuid, 'Can she start in January?');
    await clientComments(token, candidate.uuid, 'And work from Pune?');
    // No reload: the job room's message puts the badge and the count on the card.
    expect(await within(row).findByText('Interested')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText(F.comments(2))).toBeTruthy());
    expect(row.querySelector('.client-feedback-comments')?.textContent).toContain('2');

    // Nothing moved by itself; the card offers the move, and one click makes it.
    expect(columnOf(row)).toBe('shortlisted');
    const move = within(row).getByRole('button', {
      name: F.moveOf(F.moveTo('Interviewed'), candidate.name),
    });
    await userEvent.click(move);
    await waitFor(async () =>
      expect((await cardOf(candidate.name)).closest('.pipeline-column')?.getAttribute('data-status')).toBe(
        'interviewed',
      ),
    );
    expect((await candidateDetails(candidate.uuid)).status).toBe('interviewed');
    // There, the card offers nothing more.
    expect(
      within(await cardOf(candidate.name)).queryByRole('button', { name: /Move to Interviewed/ }),
    ).toBeNull();
  }, 60_000);

  it('offers the rejection for "Not a fit" with the client\'s reason pre-filled', async () => {
    const { candidate, token } = await sharedCandidate('Bala');
    await openBoard();
    const row = await cardOf(candidate.name);
    await decideThrough(token, candidate.uuid, {
      decision: 'not_a_fit',
      reason: 'Salary Expectations',
      comment: 'Asks for twice our band',
    });
    expect(await within(row).findByText('Not a fit')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: F.moveOf(F.reject, candidate.name) }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Candidate' });
    const reason = within(dialog).getByRole('combobox', { name: /^Rejection Reason/ }) as HTMLSelectElement;
    expect(reason.value).toBe('Salary Expectations');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Rejection Stage/ }),
      'Final Round',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Comments/ }), 'Client: salary');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Candidate' }));
    await waitFor(async () => expect(columnOf(await cardOf(candidate.name))).toBe('rejected'));
    const details = await candidateDetails(candidate.uuid);
    expect(details.status).toBe('rejected');
    expect(details.rejection_details?.reason).toBe('Salary Expectations');
  }, 60_000);
});

describe('the candidate page', () => {
  it("shows each recipient's decision, named, live; the team's reply posts and shows, as text", async () => {
    const contact = await addClientContact(job.id, {
      name: 'Priya Shah',
      email: `${tag.toLowerCase()}.priya@example.com`,
    });
    const { candidate, links } = await sharedCandidate('Chitra', [contact.id]);
    const priya = links.find((l) => l.recipient.includes('priya'))!;
    const other = links.find((l) => l !== priya)!;
    await decideThrough(tokenOf(priya), candidate.uuid, { decision: 'on_hold', comment: 'Maybe after Q1' });

    renderApp(`/admin/recruitments/candidates/${candidate.uuid}`, asAdmin());
    const section = (await screen.findByRole('heading', { name: F.section, level: 2 })).closest(
      'section',
    ) as HTMLElement;
    const decisions = await within(section).findByRole('list', { name: /^Decisions/ });
    const priyaSays = within(decisions).getByText('Priya Shah').closest('li') as HTMLElement;
    expect(within(priyaSays).getByText('On hold')).toBeTruthy();
    expect(within(priyaSays).getByText('Maybe after Q1')).toBeTruthy();
    // "On hold" suggests no move.
    expect(within(section).queryByRole('button', { name: /Move to|Reject/ })).toBeNull();
    await waitFor(() => expect(isLiveRoomJoined({ kind: 'job', jobId: job.id })).toBe(true), {
      timeout: 5000,
    });

    // The other recipient answers, and writes markup: it shows at once, named, as the text it is.
    await decideThrough(tokenOf(other), candidate.uuid, { decision: 'interested', rating: 5 });
    await clientComments(tokenOf(other), candidate.uuid, '<b>Call me</b> tomorrow');
    const thread = await within(section).findByRole('list', { name: /^Comments on the shortlist/ });
    expect(await within(thread).findByText('<b>Call me</b> tomorrow')).toBeTruthy();
    expect(thread.querySelector('b')).toBeNull();
    await waitFor(() => expect(within(decisions).getAllByRole('listitem')).toHaveLength(2));
    expect(within(decisions).getByText(F.rating(5, 5))).toBeTruthy();
    // The latest decision is Interested: the page offers its move.
    expect(
      await within(section).findByRole('button', { name: F.moveOf(F.moveTo('Interviewed'), candidate.name) }),
    ).toBeTruthy();

    // Two recipients: the reply names the link it answers (by default the one that wrote last).
    const replyTo = within(section).getByRole('combobox', { name: F.replyTo }) as HTMLSelectElement;
    expect(replyTo.value).toBe(String(other.id));
    await userEvent.click(within(section).getByRole('button', { name: F.send }));
    expect(await within(section).findByText('Please write a reply')).toBeTruthy();
    await userEvent.type(within(section).getByRole('textbox', { name: F.reply }), 'Tomorrow at 11 works');
    await userEvent.click(within(section).getByRole('button', { name: F.send }));
    const reply = (await within(thread).findByText('Tomorrow at 11 works')).closest('li') as HTMLElement;
    expect(reply.getAttribute('data-from')).toBe('staff');
    expect(within(reply).getByText(`(${F.fromStaff})`)).toBeTruthy();
    const feedback = await adminApi<{ shares: { comments: { text: string; linkId: number | null }[] }[] }>(
      'GET',
      `/api/candidates/${candidate.uuid}/client-feedback`,
    );
    expect(feedback.shares[0]!.comments.find((c) => c.text === 'Tomorrow at 11 works')?.linkId).toBe(
      other.id,
    );

    // Once every link is revoked, the thread says why it takes no reply.
    for (const l of links) await adminApi('POST', `/api/shares/links/${l.id}/revoke`, {});
    renderApp(`/admin/recruitments/candidates/${candidate.uuid}`, asAdmin());
    expect(await screen.findByText(F.noReplyRevoked)).toBeTruthy();
  }, 60_000);
});

describe('the bell', () => {
  /** The bell's item about this candidate, opened. */
  async function bellItem(name: string) {
    const bell = await screen.findByRole('button', { name: new RegExp(`^${N.title}`) });
    await userEvent.click(bell);
    const list = await screen.findByRole('list', { name: N.title });
    return (await within(list).findByRole('link', { name: new RegExp(name) })).closest('li') as HTMLElement;
  }

  it("offers the decision's move beside its link, says what came of it, and the server's refusal", async () => {
    const first = await sharedCandidate('Dev');
    const second = await sharedCandidate('Esha');
    const third = await sharedCandidate('Farah');
    for (const { token, candidate } of [first, second, third])
      await decideThrough(token, candidate.uuid, { decision: 'interested' });
    // Meanwhile a teammate rejects the second one and moves the third one on to Selected.
    await rejectCandidateByApi((await candidateDetails(second.candidate.uuid)) as Candidate);
    await setCandidateStatus((await candidateDetails(third.candidate.uuid)) as Candidate, 'selected');

    renderApp('/admin/dashboard', asAdmin());
    const item = await bellItem(first.candidate.name);
    await userEvent.click(within(item).getByRole('button', { name: /^Move to Interviewed/ }));
    // The panel stays open: the item says what happened, where its button was.
    await waitFor(() =>
      expect(within(item).getByRole('status').textContent).toBe(
        F.movedTo(first.candidate.name, 'Interviewed'),
      ),
    );
    expect(within(item).queryByRole('button', { name: /^Move to Interviewed/ })).toBeNull();
    expect((await candidateDetails(first.candidate.uuid)).status).toBe('interviewed');

    const refused = (await screen.findByRole('link', { name: new RegExp(second.candidate.name) })).closest(
      'li',
    ) as HTMLElement;
    await userEvent.click(within(refused).getByRole('button', { name: /^Move to Interviewed/ }));
    await waitFor(() => expect(within(refused).getByRole('status').textContent).toBe(M.alreadyRejected));
    expect(within(refused).queryByRole('button', { name: /^Move to Interviewed/ })).toBeNull();
    expect(((await candidateDetails(second.candidate.uuid)) as CandidateDetails).status).toBe('rejected');

    // Moved further meanwhile: nothing is sent back to Interviewed.
    const further = (await screen.findByRole('link', { name: new RegExp(third.candidate.name) })).closest(
      'li',
    ) as HTMLElement;
    await userEvent.click(within(further).getByRole('button', { name: /^Move to Interviewed/ }));
    await waitFor(() =>
      expect(within(further).getByRole('status').textContent).toBe(
        F.alreadyThere(third.candidate.name, 'Selected'),
      ),
    );
    expect((await candidateDetails(third.candidate.uuid)).status).toBe('selected');
  }, 60_000);
});
