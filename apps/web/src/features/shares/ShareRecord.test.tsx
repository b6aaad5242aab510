import { beforeAll, describe, expect, inject, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REVIEW_MESSAGES,
  SHARE_TEXTS as T,
  type Candidate,
  type Job,
  type ShareAnswer,
} from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import {
  backdateShare,
  createCandidate,
  createJob,
  revokeLink,
  setCandidateStatus,
  shareShortlist,
  tokenOf,
  uniqueName,
} from '../../../test/data.ts';
import { formatDate } from '../../lib/format.ts';
import { notOpenedText } from './ShareRecord.tsx';

let tag: string;

/** A job with two shortlisted candidates, shared with its client through the API. */
async function sharedJob(): Promise<{ job: Job; people: Candidate[]; answer: ShareAnswer }> {
  const job = await createJob({ title: uniqueName(`${tag}Job`), clientName: 'Lumen Labs' });
  const people = [];
  for (const name of [uniqueName(`Aditi${tag}`), uniqueName(`Bharat${tag}`)])
    people.push(await setCandidateStatus(await createCandidate({ job_id: job.id, name }), 'shortlisted'));
  const answer = await shareShortlist({ jobId: job.id });
  return { job, people, answer };
}

beforeAll(() => {
  tag = uniqueName('Rec');
});

describe('the "Sent to the client" list', () => {
  it("shows each link's tracking and revokes, extends and withdraws from it", async () => {
    const user = userEvent.setup();
    const { job, people } = await sharedJob();
    renderApp(`/admin/recruitments/job-management/${job.id}/candidates`, asAdmin());
    await user.click(await screen.findByText(T.sentHeading, { selector: 'summary' }));
    const links = within(await screen.findByRole('list', { name: T.linksHeading }));
    for (const label of [T.sent, T.firstOpened, T.lastOpened, T.views, T.decisions, T.expires])
      expect(links.getByText(label)).toBeTruthy();
    expect(links.getAllByText(T.never)).toHaveLength(2);

    // Extend: checked as the route checks, then the new expiry is listed.
    await user.click(links.getByRole('button', { name: `${T.extend}: Lumen Labs` }));
    const extend = await screen.findByRole('dialog', { name: T.extendTitle });
    const days = within(extend).getByRole('spinbutton', { name: T.extendLabel });
    await user.clear(days);
    await user.type(days, '100');
    await user.click(within(extend).getByRole('button', { name: T.extendSubmit }));
    expect(await within(extend).findByText('Days must be at most 90')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '60');
    await user.click(within(extend).getByRole('button', { name: T.extendSubmit }));
    const until = formatDate(new Date(Date.now() + 60 * 86_400_000))!;
    expect(await screen.findByText(T.linkExtended(until))).toBeTruthy();
    expect(await links.findByText(until)).toBeTruthy();

    // Withdraw a candidate: asked first, then marked in the share.
    const candidates = within(screen.getByRole('list', { name: T.candidatesHeading }));
    await user.click(candidates.getByRole('button', { name: `${T.withdraw}: ${people[0]!.name}` }));
    const withdraw = await screen.findByRole('dialog', { name: T.withdrawTitle });
    expect(within(withdraw).getByText(T.withdrawConfirm(people[0]!.name))).toBeTruthy();
    await user.click(within(withdraw).getByRole('button', { name: T.withdraw }));
    expect(await screen.findByText(REVIEW_MESSAGES.candidateWithdrawn)).toBeTruthy();
    expect(await candidates.findByText(`(${T.withdrawn})`)).toBeTruthy();
    expect(candidates.queryByRole('button', { name: `${T.withdraw}: ${people[0]!.name}` })).toBeNull();
    expect(candidates.getByRole('button', { name: `${T.withdraw}: ${people[1]!.name}` })).toBeTruthy();

    // Revoke: asked first, then the link says so and offers nothing more.
    await user.click(links.getByRole('button', { name: `${T.revoke}: Lumen Labs` }));
    const revoke = await screen.findByRole('dialog', { name: T.revokeTitle });
    await user.click(within(revoke).getByRole('button', { name: T.revoke }));
    expect(await screen.findByText(T.linkRevoked)).toBeTruthy();
    await waitFor(() => expect(links.getAllByText(T.revoked).length).toBeGreaterThan(0));
    expect(links.queryByRole('button', { name: `${T.revoke}: Lumen Labs` })).toBeNull();
    expect(links.queryByRole('button', { name: `${T.extend}: Lumen Labs` })).toBeNull();
  });

  it("says a refusal in the server's words: a link revoked elsewhere cannot be extended", async () => {
    const user = userEvent.setup();
    const { job, answer } = await sharedJob();
    renderApp(`/admin/recruitments/job-management/${job.id}/candidates`, asAdmin());
    await user.click(await screen.findByText(T.sentHeading, { selector: 'summary' }));
    const links = within(await screen.findByRole('list', { name: T.linksHeading }));
    await revokeLink(answer.links[0]!.id);
    await user.click(links.getByRole('button', { name: `${T.extend}: Lumen Labs` }));
    const extend = await screen.findByRole('dialog', { name: T.extendTitle });
    await user.click(within(extend).getByRole('button', { name: T.extendSubmit }));
    expect(await within(extend).findByText(REVIEW_MESSAGES.revokedCannotExtend)).toBeTruthy();
  });

  it("counts a client's decision on the link as it is made, without a reload", async () => {
    const user = userEvent.setup();
    const { job, people, answer } = await sharedJob();
    renderApp(`/admin/recruitments/job-management/${job.id}/candidates`, asAdmin());
    await user.click(await screen.findByText(T.sentHeading, { selector: 'summary' }));
    const links = within(await screen.findByRole('list', { name: T.linksHeading }));
    const decisions = () => links.getByText(T.decisions).nextElementSibling?.textContent;
    expect(decisions()).toBe('0');
    // The client decides on their review page (no account), once the tab follows the job's room.
    await new Promise((joined) => setTimeout(joined, 500));
    const res = await fetch(
      `${inject('apiBase')}/api/review/${tokenOf(answer.links[0]!)}/candidates/${people[0]!.uuid}/decision`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'interested' }),
      },
    );
    expect(res.status).toBe(200);
    await waitFor(() => expect(decisions()).toBe('1'));
  });

  it('flags on the job a share its client has not opened in 3 days, and leads to it', async () => {
    const user = userEvent.setup();
    const { job, answer } = await sharedJob();
    const fresh = renderApp(`/admin/recruitments/job-management/${job.id}/candidates`, asAdmin());
    // Sent just now: listed, nothing to flag.
    await user.click(await screen.findByText(T.sentHeading, { selector: 'summary' }));
    await screen.findByRole('list', { name: T.linksHeading });
    expect(screen.queryByText(notOpenedText)).toBeNull();
    fresh.unmount();

    await backdateShare(answer.shareId, 4);
    renderApp(`/admin/recruitments/job-management/details/${job.id}`, asAdmin());
    await user.click(await screen.findByRole('button', { name: notOpenedText }));
    // The Candidates tab, with the list open at the flagged share.
    expect(await screen.findByRole('tab', { name: 'Candidates', selected: true })).toBeTruthy();
    const list = await screen.findByRole('list', { name: T.sentHeading });
    expect(within(list).getByText(notOpenedText)).toBeTruthy();
  });
});
