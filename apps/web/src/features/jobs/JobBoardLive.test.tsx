import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { createCandidate, createJob, uniqueName } from '../../../test/data.ts';
import { isLiveRoomJoined } from '../../lib/live.ts';

/** The job board: a card's candidate count and status follow other users' changes live. */
describe('the live job board', () => {
  it("updates a card's candidate count in place when someone adds a candidate", async () => {
    const title = uniqueName('Board');
    const job = await createJob({ title });
    renderApp(`/admin/recruitments/job-management?search=${title}`, asAdmin());
    const heading = await screen.findByRole('link', { name: title });
    const card = heading.closest('.job-card') as HTMLElement;
    const count = () => card.querySelector('.job-card-facts div:nth-child(2) dd')!.textContent;
    expect(count()).toBe('0');

    // Once the server has answered the board room's join, another user's change shows by itself.
    await waitFor(() => expect(isLiveRoomJoined({ kind: 'board' })).toBe(true), { timeout: 5000 });
    await createCandidate({ job_id: job.id });
    await waitFor(() => expect(count()).toBe('1'), { timeout: 5000 });
    // The card is the same element: updated in place, not rebuilt by a reload.
    expect(screen.getByRole('link', { name: title }).closest('.job-card')).toBe(card);
    expect(card.className).toContain('live-fresh');
  });
});
