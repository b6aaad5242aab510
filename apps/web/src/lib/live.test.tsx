import { describe, expect, inject, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { JoinAck } from '@portal/contracts';
import { testSession } from '../../test/setup.ts';
import { createCandidate, createJob, uniqueName, uniquePhone } from '../../test/data.ts';
import { uploadCandidates } from '../features/candidates/bulk/api.ts';
import { liveSocket, useLiveEvent, useLiveRoom } from './live.ts';

/** Shows the names of the candidates added to one job, as the live messages bring them. */
function AddedToJob({ jobId, names }: { jobId: number; names: string[] }) {
  useLiveRoom({ kind: 'job', jobId });
  useLiveEvent('candidate:created', (c) => names.push(c.name));
  return null;
}

describe('the live connection keeps each room in sequence', () => {
  it('heals a gap in the numbers from /api/events: every change shows once, in order', async () => {
    testSession.token = inject('adminToken');
    const job = await createJob({ title: uniqueName('Gap') });
    const names: string[] = [];
    render(<AddedToJob jobId={job.id} names={names} />);
    const s = liveSocket();
    await waitFor(() => expect(s.connected).toBe(true));
    const first = await createCandidate({ job_id: job.id });
    await waitFor(() => expect(names).toEqual([first.name]));

    // The server stops sending the room to this socket behind the client's back: it misses a change…
    await new Promise((resolve) => s.emit('job:leave', { jobId: job.id }, resolve));
    const missed = await createCandidate({ job_id: job.id });
    await new Promise<JoinAck>((resolve) => s.emit('job:join', { jobId: job.id }, resolve));
    // …and learns of it from the next message's number, which skips one.
    const next = await createCandidate({ job_id: job.id });
    await waitFor(() => expect(names).toEqual([first.name, missed.name, next.name]));
    // Nothing shows twice: a later change arrives right after these, with nothing in between.
    const marker = await createCandidate({ job_id: job.id });
    await waitFor(() => expect(names).toEqual([first.name, missed.name, next.name, marker.name]));
  });

  it("applies a bulk import's candidates:created as each candidate's candidate:created, in order, once", async () => {
    testSession.token = inject('adminToken');
    const job = await createJob({ title: uniqueName('Bulk live') });
    const names: string[] = [];
    render(<AddedToJob jobId={job.id} names={names} />);
    const s = liveSocket();
    await waitFor(() => expect(s.connected).toBe(true));
    const first = await createCandidate({ job_id: job.id });
    await waitFor(() => expect(names).toEqual([first.name]));
    const rows = ['One', 'Two', 'Three'].map((n) => {
      const name = uniqueName(`Bulk ${n}`);
      return {
        name,
        email: `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
        phone: uniquePhone(),
        experience: 1,
        job_id: job.id,
      };
    });
    const answer = await uploadCandidates(rows);
    expect(answer.results.success).toHaveLength(3);
    const expected = [first.name, ...rows.map((r) => r.name)];
    await waitFor(() => expect(names).toEqual(expected));
    // Nothing shows twice: a later change arrives right after these, with nothing in between.
    const marker = await createCandidate({ job_id: job.id });
    await waitFor(() => expect(names).toEqual([...expected, marker.name]));
  });
});
