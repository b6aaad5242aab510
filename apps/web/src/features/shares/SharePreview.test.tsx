import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CANDIDATE_MESSAGES as M,
  SHARE_TEXTS as T,
  type Candidate,
  type Job,
  type ReviewPage,
  type ShortlistShareList,
} from '@portal/contracts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import {
  addClientContact,
  createCandidate,
  createJob,
  setCandidateStatus,
  uniqueName,
} from '../../../test/data.ts';

let job: Job;
let shortlisted: Candidate;
let contactEmail: string;

beforeAll(async () => {
  const tag = uniqueName('Preview');
  job = await createJob({
    title: `${tag} Analyst`,
    clientName: 'Orbit Capital',
    clientEmail: 'hr@orbit.example',
  });
  shortlisted = await setCandidateStatus(await createCandidate({ job_id: job.id }), 'shortlisted');
  contactEmail = `${tag.toLowerCase()}@orbit.example`;
  await addClientContact(job.id, { name: 'Meera Iyer', email: contactEmail });
});

const DAY = 86_400_000;

describe('the share preview', () => {
  it('sends to the chosen contacts with the options and notes set, then shows each link once to copy', async () => {
    const user = userEvent.setup();
    renderApp(`/admin/recruitments/job-management/${job.id}/candidates`, asAdmin());
    await user.click(await screen.findByRole('button', { name: 'Share Shortlisted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share shortlisted candidates' });
    // The job's client always; the contact when ticked. Contact details and downloads are off at first.
    expect(within(dialog).getByText(`${job.clientName} <${job.clientEmail}>`, { exact: false })).toBeTruthy();
    const contact = await within(dialog).findByRole('checkbox', { name: `Meera Iyer <${contactEmail}>` });
    expect((contact as HTMLInputElement).checked).toBe(false);
    const details = within(dialog).getByRole('checkbox', { name: T.showContactDetails });
    const download = within(dialog).getByRole('checkbox', { name: T.allowDownload });
    expect((details as HTMLInputElement).checked).toBe(false);
    expect((download as HTMLInputElement).checked).toBe(false);
    const expiry = within(dialog).getByRole('spinbutton', { name: T.expiryLabel });
    expect((expiry as HTMLInputElement).value).toBe('14');

    await user.click(contact);
    await user.click(details);
    await user.click(download);
    // Past the longest a link may live: said at the field, nothing sent.
    await user.clear(expiry);
    await user.type(expiry, '91');
    await user.click(within(dialog).getByRole('button', { name: 'Send 1 to client' }));
    expect(await within(dialog).findByText('Expiry (days) must be at most 90')).toBeTruthy();
    await user.clear(expiry);
    await user.type(expiry, '30');
    await user.click(within(dialog).getByText(T.notesHeading));
    await user.type(
      within(dialog).getByRole('textbox', { name: T.noteLabel(shortlisted.name) }),
      'Strong on SQL; open to Pune.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send 1 to client' }));

    // The result: a link per recipient, shown this once; the test app has no mail server.
    const result = await screen.findByRole('dialog', { name: T.resultTitle });
    expect(within(result).getByText(T.mailQueued)).toBeTruthy();
    expect(screen.getByText(M.sharedQueued(1))).toBeTruthy();
    expect(within(result).getByText(T.shownOnce)).toBeTruthy();
    const clientField = within(result).getByRole('textbox', { name: T.linkFor(job.clientName) });
    const contactField = within(result).getByRole('textbox', { name: T.linkFor('Meera Iyer') });
    const clientUrl = (clientField as HTMLInputElement).value;
    expect(clientUrl).toMatch(/\/review\/[\w-]{20,}$/);

    // Copied to the clipboard; where the browser refuses, the field is selected and the line says how.
    const [copyClient, copyContact] = within(result).getAllByRole('button', { name: T.copyLink });
    await user.click(copyClient!);
    expect(await navigator.clipboard.readText()).toBe(clientUrl);
    expect(within(result).getAllByText(T.copied).length).toBeGreaterThan(0);
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      await user.click(copyContact!);
      expect(await within(result).findByText(T.copyByHand)).toBeTruthy();
      const input = contactField as HTMLInputElement;
      expect(document.activeElement).toBe(input);
      expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    }

    // What was sent: both recipients, 30 days, details shown, downloads allowed, the note on the page.
    const shares = await adminApi<ShortlistShareList>('GET', `/api/jobs/${job.id}/shares`);
    const links = shares.items[0]!.links;
    expect(links.map((l) => l.recipient).sort()).toEqual([contactEmail, job.clientEmail].sort());
    for (const l of links) {
      expect(l).toMatchObject({ showContactDetails: true, allowDownload: true });
      expect(Math.round((Date.parse(l.expiresAt) - Date.parse(l.createdAt)) / DAY)).toBe(30);
    }
    const page = await adminApi<ReviewPage>('GET', `/api/review/${clientUrl.split('/review/')[1]}`);
    expect(page.candidates[0]).toMatchObject({
      note: 'Strong on SQL; open to Pune.',
      email: shortlisted.email,
    });

    await user.click(within(result).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
