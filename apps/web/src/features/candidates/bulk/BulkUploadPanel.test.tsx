import { describe, expect, inject, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as M, type Candidate, type CandidateDetails } from '@portal/contracts';
import { Toaster } from '@portal/ui';
import { adminApi } from '../../../../test/render.tsx';
import { createJob, uniqueName } from '../../../../test/data.ts';
import { sendFormDataAsMultipart } from '../../../../test/multipart.ts';
import { BulkUploadPanel } from './BulkUploadPanel.tsx';
import { fakePdf, makeSheet, makeZip } from './testFiles.ts';

const session = (globalThis as unknown as { testSession: { token: string | null } }).testSession;

sendFormDataAsMultipart();

function renderPanel() {
  session.token = inject('adminToken');
  render(
    <>
      <BulkUploadPanel />
      <Toaster />
    </>,
  );
  return userEvent.setup({ applyAccept: false });
}

const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);

describe('BulkUploadPanel', () => {
  it('asks for both files, and refuses files of the wrong kind by name', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(M.bothFilesRequired)).toBeTruthy();

    await user.upload(screen.getByLabelText(/^Excel file/), new File(['a,b'], 'people.csv'));
    expect((await screen.findAllByText(M.excelOnly)).length).toBeGreaterThan(0);
    await user.upload(screen.getByLabelText(/^Resumes ZIP file/), new File(['x'], 'resumes.rar'));
    expect((await screen.findAllByText(M.zipOnly)).length).toBeGreaterThan(0);
  });

  it('explains that an old .xls workbook must be saved as .xlsx', async () => {
    const user = renderPanel();
    const ole = Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0);
    await user.upload(screen.getByLabelText(/^Excel file/), fileOf(ole, 'old.xls'));
    await user.upload(
      screen.getByLabelText(/^Resumes ZIP file/),
      fileOf(await makeZip({ 'a.pdf': fakePdf('a') }), 'resumes.zip'),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findAllByText(M.excelOldFormat)).length).toBeGreaterThan(0);
  });

  it('refuses a ZIP with a path leaving its folder, and adds nobody', async () => {
    const email = `${uniqueName('evil')}@example.com`;
    const user = renderPanel();
    await user.upload(
      screen.getByLabelText(/^Excel file/),
      fileOf(makeSheet([{ Name: 'Evil Zip', Email: email, Phone: '9000000000', Job_ID: 1 }]), 'c.xlsx'),
    );
    await user.upload(
      screen.getByLabelText(/^Resumes ZIP file/),
      fileOf(await makeZip({ '../x.pdf': fakePdf('x') }), 'resumes.zip'),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findAllByText(M.zipUnsafePath)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(false);
  });

  it('adds the candidates, attaches their resumes and sums up duplicates and errors', async () => {
    const job = await createJob({ title: uniqueName('Bulk job') });
    const tag = uniqueName('bulk').toLowerCase();
    const existing = await adminApi<Candidate>('POST', '/api/candidates', {
      name: 'Existing Person',
      email: `${tag}.existing@example.com`,
      phone: '9811100001',
      experience: 2,
      job_id: job.id,
    });
    const sheet = makeSheet([
      {
        Name: 'Asha Rao',
        Email: `${tag}.asha@example.com`,
        Phone: 9811100002,
        Experience: 4,
        Job_ID: job.id,
      },
      { Name: 'Vikram Nair', Email: `${tag}.vikram@example.com`, Phone: '9811100003', Job_ID: job.id },
      { Name: 'Existing Person', Email: existing.email, Phone: existing.phone, Job_ID: job.id },
      { Name: 'Bad Email', Email: 'not-an-email', Phone: '9811100004', Job_ID: job.id },
      { Name: 'No Phone', Email: `${tag}.nophone@example.com`, Phone: '', Job_ID: job.id },
    ]);
    const zip = await makeZip({ 'resumes/': '', 'resumes/Asha_Rao.pdf': fakePdf('Asha Rao') });

    const user = renderPanel();
    await user.upload(screen.getByLabelText(/^Excel file/), fileOf(sheet, 'candidates.xlsx'));
    await user.upload(screen.getByLabelText(/^Resumes ZIP file/), fileOf(zip, 'resumes.zip'));
    expect(screen.getByText('candidates.xlsx')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload Summary' }, { timeout: 15_000 });
    const stat = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(stat('Added')).toBe('2');
    expect(stat('Duplicates')).toBe('1');
    // Every row is accounted for: the one without a phone is an error with its reason, not left out.
    expect(stat('Errors')).toBe('2');
    expect(within(dialog).getByText(/Existing Person/)).toBeTruthy();
    // Named by its row in the sheet (the header is row 1), not by its place among the rows sent.
    expect(within(dialog).getByText('Row 5: Bad Email')).toBeTruthy();
    expect(within(dialog).getByText('Row 6: No Phone')).toBeTruthy();
    expect(within(dialog).getByText('Row 4: Existing Person')).toBeTruthy();
    expect(await screen.findByText(M.bulkDone)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const table = screen.getByRole('table');
    const rowOf = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(rowOf('Asha Rao')).getByText('Success')).toBeTruthy();
    expect(within(rowOf('Vikram Nair')).getByText('Not found')).toBeTruthy();
    expect(within(rowOf('Vikram Nair')).getByText(M.noMatchingResume)).toBeTruthy();

    // The resume really is attached on the server.
    const page = await adminApi<{ items: Candidate[] }>('GET', `/api/candidates?search=${tag}.asha`);
    const asha = await adminApi<CandidateDetails>('GET', `/api/candidates/${page.items[0]!.uuid}`);
    expect(asha.resume_url).toMatch(/^\/api\/files\/.+\.pdf$/);
    expect(asha.status).toBe('applied');

    await user.click(screen.getByRole('button', { name: 'Clear Results' }));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.queryByText('candidates.xlsx')).toBeNull();
    expect(screen.getAllByText('No file chosen')).toHaveLength(2);
  });

  it('pages the progress of a longer sheet, 25 rows at a time', async () => {
    const job = await createJob({ title: uniqueName('Bulk paging job') });
    const tag = uniqueName('page').toLowerCase();
    const rows = Array.from({ length: 30 }, (_, i) => ({
      Name: `Paged Person ${String.fromCharCode(65 + (i % 26))}${i}`,
      Email: `${tag}.${i}@example.com`,
      Phone: `97${String(Date.now()).slice(-5)}${String(i).padStart(3, '0')}`,
      Job_ID: job.id,
    }));
    const user = renderPanel();
    await user.upload(screen.getByLabelText(/^Excel file/), fileOf(makeSheet(rows), 'many.xlsx'));
    await user.upload(
      screen.getByLabelText(/^Resumes ZIP file/),
      fileOf(await makeZip({ 'readme.txt': 'no resumes here' }), 'none.zip'),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload Summary' }, { timeout: 15_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Showing 1-25 of 30')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByText(M.noMatchingResume)).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 26-30 of 30')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByText(M.noMatchingResume)).toHaveLength(5);
  });
});
