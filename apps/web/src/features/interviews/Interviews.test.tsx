import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_TIME_ZONE, INTERVIEW_MESSAGES as M, todayIn, type Interview, type Job } from '@portal/contracts';
import { isLiveRoomJoined } from '../../lib/live.ts';
import { formatDateTime } from '../../lib/format.ts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import {
  addClientContact,
  createCandidate,
  createEmployee,
  createJob,
  scheduleInterviewByApi,
  uniqueName,
} from '../../../test/data.ts';
import { INTERVIEW_SCREEN_MESSAGES as S } from './messages.ts';

/**
 * The candidate page's Interviews against the test server: scheduled, refused at a field, clashing with
 * another interview and confirmed, rescheduled, cancelled, and seen live when a teammate schedules one.
 */
let job: Job;
let tag: string;

beforeAll(async () => {
  tag = uniqueName('Interviews');
  job = await createJob({
    title: `${tag} Backend Engineer`,
    interviewRounds: ['Shortlisting', 'Technical Round 1', 'HR Round'],
  });
});

/** A day on the firm's calendar `days` from now ('YYYY-MM-DD'). */
const firmDay = (days: number) => todayIn(APP_TIME_ZONE, new Date(Date.now() + days * 86_400_000));
/** That day at that time on the firm's clock, as the section shows it. */
const shown = (day: string, time: string) => formatDateTime(`${day}T${time}:00+05:30`)!;

async function openPage(uuid: string) {
  renderApp(`/admin/recruitments/candidates/${uuid}`, asAdmin());
  const section = (await screen.findByRole('heading', { name: S.section, level: 2 })).closest(
    'section',
  ) as HTMLElement;
  await waitFor(() => expect(isLiveRoomJoined({ kind: 'job', jobId: job.id })).toBe(true), {
    timeout: 5000,
  });
  return section;
}

/** Picks options of one of the dialog's multi-selects by their names. */
async function pick(dialog: HTMLElement, label: RegExp, names: string[]) {
  await userEvent.click(within(dialog).getByRole('button', { name: label }));
  const listbox = await screen.findByRole('listbox');
  for (const name of names) await userEvent.click(await within(listbox).findByRole('option', { name }));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

function setWhen(dialog: HTMLElement, day: string, time: string) {
  fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: day } });
  fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: time } });
}

const itemOf = async (section: HTMLElement, round: string) =>
  (await within(section).findByRole('heading', { name: round, level: 3 })).closest('li') as HTMLElement;

describe('the candidate page: Interviews', () => {
  it('schedules one: checked in the form, a field the server refuses, then a clash confirmed', async () => {
    const candidate = await createCandidate({ job_id: job.id, name: `${tag} Asha` });
    const other = await createCandidate({ job_id: job.id, name: `${tag} Bala` });
    const ravi = await createEmployee(`${tag} Ravi`);
    const meena = await createEmployee(`${tag} Meena`);
    const contact = await addClientContact(job.id, {
      name: `${tag} Priya`,
      email: `${tag.toLowerCase()}.priya@example.com`,
    });
    const day = firmDay(3);
    // Ravi already interviews Bala at 10:30 that day.
    await scheduleInterviewByApi(other.uuid, {
      round: 'Shortlisting',
      start: `${day}T10:30:00+05:30`,
      durationMinutes: 60,
      mode: 'phone',
      interviewerIds: [ravi.user.id],
    });

    const section = await openPage(candidate.uuid);
    expect(await within(section).findByText(S.none)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: S.scheduleOf(candidate.name) }));
    const dialog = await screen.findByRole('dialog', { name: S.scheduleTitle });
    expect((within(dialog).getByRole('spinbutton', { name: /^Duration/ }) as HTMLInputElement).value).toBe(
      '60',
    );

    // The form's own check, at each field.
    await userEvent.click(within(dialog).getByRole('button', { name: S.save }));
    expect(within(dialog).getByText(M.roundRequired)).toBeTruthy();
    expect(within(dialog).getByText(S.dateRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.locationRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.interviewersRequired)).toBeTruthy();

    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Round/ }),
      'Technical Round 1',
    );
    setWhen(dialog, day, '11:00');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /^Mode/ }), 'video');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Video link/ }),
      'http://meet.example.com/x',
    );
    await pick(dialog, / Interviewers$/, [ravi.user.name, meena.user.name]);
    await pick(dialog, / Client interviewers$/, [contact.name]);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Note for interviewers/ }),
      'Go deep on SQL',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: S.save }));
    expect(within(dialog).getByText(M.videoUrlInvalid)).toBeTruthy();
    const link = within(dialog).getByRole('textbox', { name: /^Video link/ });
    await userEvent.clear(link);
    await userEvent.type(link, 'https://meet.example.com/asha');

    // Meanwhile Meena's account is made inactive: the server names the field, the form shows it there.
    await adminApi('PUT', `/api/users/${meena.user.id}`, { status: 'inactive' });
    await userEvent.click(within(dialog).getByRole('button', { name: S.save }));
    expect(await within(dialog).findByText(M.interviewerNotUser)).toBeTruthy();
    const chosen = within(dialog).getByRole('grid', { name: `Selected ${S.interviewers}` });
    await userEvent.click(
      within(within(chosen).getByRole('row', { name: meena.user.name })).getByRole('button'),
    );

    // Ravi is booked 10:30-11:30: the clash is named, in words, and may be confirmed.
    await userEvent.click(within(dialog).getByRole('button', { name: S.save }));
    const clash = await within(dialog).findByRole('alert');
    expect(clash.textContent).toContain(S.clashLine(ravi.user.name, shown(day, '10:30'), other.name));
    await userEvent.click(within(dialog).getByRole('button', { name: S.scheduleAnyway }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const item = await itemOf(section, 'Technical Round 1');
    expect(within(item).getByText(shown(day, '11:00'))).toBeTruthy();
    expect(within(item).getByText('1 h')).toBeTruthy();
    const call = within(item).getByRole('link', { name: 'https://meet.example.com/asha' });
    expect(call.getAttribute('href')).toBe('https://meet.example.com/asha');
    expect(within(item).getByText(ravi.user.name)).toBeTruthy();
    expect(item.querySelector('.interview-people')?.textContent).toBe(
      `${S.withInterviewers}: ${ravi.user.name}, ${contact.name} (${S.client})`,
    );
    expect(within(item).getByText('Go deep on SQL')).toBeTruthy();
    const saved = await adminApi<{ items: Interview[] }>(
      'GET',
      `/api/candidates/${candidate.uuid}/interviews`,
    );
    expect(saved.items).toHaveLength(1);
    expect(Date.parse(saved.items[0]!.start)).toBe(Date.parse(`${day}T11:00:00+05:30`));
  }, 60_000);

  it('reschedules one (the dialog starts from it) and cancels one after a confirm', async () => {
    const candidate = await createCandidate({ job_id: job.id, name: `${tag} Chitra` });
    const meera = await createEmployee(`${tag} Meera`);
    const day = firmDay(5);
    await scheduleInterviewByApi(candidate.uuid, {
      round: 'HR Round',
      start: `${day}T15:00:00+05:30`,
      durationMinutes: 45,
      mode: 'in_person',
      location: 'MG Road office, 4th floor',
      interviewerIds: [meera.user.id],
    });
    const section = await openPage(candidate.uuid);
    let item = await itemOf(section, 'HR Round');
    expect(within(item).getByText(shown(day, '15:00'))).toBeTruthy();
    expect(within(item).getByText('MG Road office, 4th floor')).toBeTruthy();
    expect(within(item).getByText('45 min')).toBeTruthy();

    await userEvent.click(within(item).getByRole('button', { name: S.rescheduleOf('HR Round') }));
    const dialog = await screen.findByRole('dialog', { name: S.rescheduleTitle });
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe(day);
    expect((within(dialog).getByLabelText(/^Time/) as HTMLInputElement).value).toBe('15:00');
    expect((within(dialog).getByRole('textbox', { name: /^Address/ }) as HTMLInputElement).value).toBe(
      'MG Road office, 4th floor',
    );
    const later = firmDay(6);
    setWhen(dialog, later, '09:30');
    await userEvent.click(within(dialog).getByRole('button', { name: S.saveChanges }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    item = await itemOf(section, 'HR Round');
    expect(await within(item).findByText(shown(later, '09:30'))).toBeTruthy();

    await userEvent.click(within(item).getByRole('button', { name: S.cancelOf('HR Round') }));
    const confirm = await screen.findByRole('dialog', { name: S.cancelTitle });
    await userEvent.click(within(confirm).getByRole('button', { name: S.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    item = await itemOf(section, 'HR Round');
    expect(await within(item).findByText(S.cancelled)).toBeTruthy();
    expect(within(item).queryByRole('button', { name: S.rescheduleOf('HR Round') })).toBeNull();
    const saved = await adminApi<{ items: Interview[] }>(
      'GET',
      `/api/candidates/${candidate.uuid}/interviews`,
    );
    expect(saved.items[0]!.status).toBe('cancelled');
  }, 60_000);

  it("shows a teammate's new interview and its cancellation live, without a reload", async () => {
    const candidate = await createCandidate({ job_id: job.id, name: `${tag} Dev` });
    const arun = await createEmployee(`${tag} Arun`);
    const section = await openPage(candidate.uuid);
    expect(await within(section).findByText(S.none)).toBeTruthy();
    const day = firmDay(4);
    const made = await scheduleInterviewByApi(candidate.uuid, {
      round: 'Shortlisting',
      start: `${day}T12:00:00+05:30`,
      durationMinutes: 30,
      mode: 'phone',
      interviewerIds: [arun.user.id],
    });
    const item = await itemOf(section, 'Shortlisting');
    expect(within(item).getByText(shown(day, '12:00'))).toBeTruthy();
    expect(within(item).getByText(arun.user.name)).toBeTruthy();
    await adminApi('POST', `/api/interviews/${made.id}/cancel`, {});
    expect(await within(await itemOf(section, 'Shortlisting')).findByText(S.cancelled)).toBeTruthy();
  }, 60_000);
});
