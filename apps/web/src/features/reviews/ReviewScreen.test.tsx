import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_MESSAGES, type Candidate, type Job, type ShareBody } from '@portal/contracts';
import { renderApp } from '../../../test/render.tsx';
import {
  createCandidate,
  createJob,
  expireLink,
  revokeLink,
  setCandidateStatus,
  shareShortlist,
  tokenOf,
  uniqueName,
  uploadResume,
} from '../../../test/data.ts';
import { sendFormDataAsMultipart } from '../../../test/multipart.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';

sendFormDataAsMultipart();

const PDF = new File(
  ['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'],
  'cv.pdf',
  {
    type: 'application/pdf',
  },
);
/** A Word 97-2003 file as the server tells it: the OLE container's first bytes. */
const DOC = new File(
  [new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)])],
  'cv.doc',
  { type: 'application/msword' },
);

let tag: string;
let job: Job;
let aarav: Candidate;
let bhavna: Candidate;

/** Shares the job's shortlist (both candidates) and gives the client's link: its id and token. */
async function share(body: Partial<ShareBody> = {}) {
  const answer = await shareShortlist({ jobId: job.id, ...body });
  const link = answer.links[0]!;
  return { id: link.id, token: tokenOf(link) };
}

beforeAll(async () => {
  tag = uniqueName('Review');
  job = await createJob({ title: `${tag} Payments Engineer`, clientName: 'Acme Hiring' });
  const [pdf, doc] = [await uploadResume(PDF), await uploadResume(DOC)];
  aarav = await createCandidate({
    job_id: job.id,
    name: `${tag} Aarav`,
    current_company: 'Infosys',
    current_ctc: 12.5,
    expected_ctc: 18,
    notice_period: 30,
    current_location: 'Pune',
    preferred_location: 'Bengaluru',
    resume_url: pdf,
  });
  bhavna = await createCandidate({ job_id: job.id, name: `${tag} Bhavna`, experience: 1, resume_url: doc });
  await setCandidateStatus(aarav, 'shortlisted');
  await setCandidateStatus(bhavna, 'shortlisted');
});

/** The card of the candidate with this name. */
const card = (name: string) => screen.getByRole('article', { name });

describe('the client review page', () => {
  it('shows the job, who sent it, until when, and each shared candidate without contact details', async () => {
    const { token } = await share({ notes: { [aarav.uuid]: 'Led the UPI migration at his last company.' } });
    renderApp(`/review/${token}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: M.shortlistFor(`${tag} Payments Engineer`) }),
    ).toBeTruthy();
    expect(screen.getByText('Full-time')).toBeTruthy();
    expect(screen.getByText(/Bengaluru Urban/)).toBeTruthy();
    // The recruiter who shared it, to write to.
    const sender = screen.getByRole('link', { name: /@/ });
    expect(sender.getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.getByText(M.expires).nextElementSibling?.textContent).toMatch(
      /^[A-Z][a-z]{2} \d{2}, \d{4}, /,
    );
    expect(screen.getByRole('heading', { level: 2, name: M.count(2) })).toBeTruthy();

    const a = card(aarav.name);
    for (const text of ['3 years', 'Infosys', '₹12.5 LPA', '₹18 LPA', '30 days', 'Pune', 'Bengaluru'])
      expect(within(a).getByText(text)).toBeTruthy();
    expect(within(a).getByText('Led the UPI migration at his last company.')).toBeTruthy();
    const b = card(bhavna.name);
    expect(within(b).getByText('1 year')).toBeTruthy();
    // What was not given reads as such; contact details were not shared, so neither phone nor e-mail shows.
    expect(within(b).getAllByText('N/A').length).toBeGreaterThan(0);
    expect(within(b).queryByText(M.note)).toBeNull();
    for (const c of [aarav, bhavna]) {
      expect(screen.queryByText(c.email)).toBeNull();
      expect(screen.queryByText(c.phone)).toBeNull();
    }
    expect(screen.queryByText('Phone')).toBeNull();

    // The PDF opens in the page on request, or in a tab of its own; no download on this link.
    const resumeUrl = `/api/review/${token}/candidates/${aarav.uuid}/resume`;
    expect(
      within(a)
        .getByRole('link', { name: /^Open resume/ })
        .getAttribute('href'),
    ).toBe(resumeUrl);
    expect(within(a).queryByRole('link', { name: M.downloadResume })).toBeNull();
    expect(within(a).queryByTitle(M.resumeFrame(aarav.name))).toBeNull();
    await userEvent.click(within(a).getByRole('button', { name: `${M.showResume} of ${aarav.name}` }));
    const frame = within(a).getByTitle(M.resumeFrame(aarav.name));
    expect(frame.getAttribute('src')).toBe(resumeUrl);
    expect(within(a).getByRole('button', { name: new RegExp(`^${M.hideResume}`) })).toBeTruthy();
    // The Word file cannot be shown in a browser, and may not be downloaded: the page says so.
    expect(within(b).getByText(/This resume is not a PDF/)).toBeTruthy();
    expect(within(b).queryByRole('link')).toBeNull();
  });

  it('shows phone and e-mail, and offers the resumes as downloads, when the share allows them', async () => {
    const { token } = await share({ showContactDetails: true, allowDownload: true });
    renderApp(`/review/${token}`);
    await screen.findByRole('heading', { level: 1, name: M.shortlistFor(`${tag} Payments Engineer`) });
    const a = card(aarav.name);
    expect(within(a).getByRole('link', { name: aarav.phone }).getAttribute('href')).toBe(
      `tel:${aarav.phone}`,
    );
    expect(within(a).getByRole('link', { name: aarav.email }).getAttribute('href')).toBe(
      `mailto:${aarav.email}`,
    );
    const b = card(bhavna.name);
    const download = within(b).getByRole('link', { name: M.downloadResume });
    const href = download.getAttribute('href')!;
    expect(href).toBe(`/api/review/${token}/candidates/${bhavna.uuid}/resume?download=1`);
    // The link downloads the file, as an attachment.
    const res = await fetch(href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''.*\.doc$/);
    expect(within(a).getByRole('link', { name: M.downloadResume })).toBeTruthy();
  });

  it('says a link is not valid, expired or withdrawn in the server’s words, and whom to ask', async () => {
    renderApp('/review/not-a-real-token');
    expect(await screen.findByRole('heading', { level: 1, name: M.notValid })).toBeTruthy();
    expect(screen.getByText(REVIEW_MESSAGES.linkNotFound)).toBeTruthy();
    expect(screen.queryByText(M.contactSender, { exact: false })).toBeNull();

    const expired = await share();
    await expireLink(expired.id);
    const first = renderApp(`/review/${expired.token}`);
    expect(await screen.findByRole('heading', { level: 1, name: M.expired })).toBeTruthy();
    expect(screen.getByText(REVIEW_MESSAGES.linkExpired)).toBeTruthy();
    expect(
      screen.getByText(M.contactSender, { exact: false }).querySelector('a')?.getAttribute('href'),
    ).toMatch(/^mailto:.+@/);
    expect(screen.queryByText(aarav.name)).toBeNull();
    first.unmount();

    const revoked = await share();
    await revokeLink(revoked.id);
    renderApp(`/review/${revoked.token}`);
    expect(await screen.findByRole('heading', { level: 1, name: M.withdrawn })).toBeTruthy();
    expect(screen.getByText(REVIEW_MESSAGES.linkRevoked)).toBeTruthy();
    expect(screen.getByText(M.contactSender, { exact: false })).toBeTruthy();
    expect(screen.queryByText(aarav.name)).toBeNull();
  });

  it('offers to try again when the page could not be reached, and then shows the shortlist', async () => {
    const { token } = await share();
    // The connection fails once, as when the client's network drops: fetch itself rejects.
    const realFetch = globalThis.fetch;
    let failed = false;
    globalThis.fetch = (input, init) => {
      if (!failed && String(input).startsWith('/api/review/')) {
        failed = true;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return realFetch(input, init);
    };
    try {
      renderApp(`/review/${token}`);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(M.loadFailed);
      await userEvent.click(within(alert).getByRole('button', { name: M.retry }));
      expect(
        await screen.findByRole('heading', { level: 1, name: M.shortlistFor(`${tag} Payments Engineer`) }),
      ).toBeTruthy();
      expect(card(aarav.name)).toBeTruthy();
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
