import { describe, expect, it } from 'vitest';
import { jobLinkOf, jobStatusOf, storedJobColumns, toJob } from './model.ts';

const row = {
  id: '7',
  title: 'Platform Engineer',
  type: 'Full-time',
  description: 'Build it',
  questions: '["Notice period?"]',
  state: 'KA',
  state_name: 'Karnataka',
  city: 'Bengaluru Urban',
  min_salary: '500000',
  max_salary: null,
  deadline: new Date('2026-11-20T00:00:00Z'),
  experience_min: 2,
  experience_max: 5,
  interview_rounds: 'not json',
  client_name: 'Acme',
  client_email: 'hr@acme.test',
  client_location: 'Bengaluru',
  openings: 3,
  status: 'active',
  created_by_id: '1',
  created_by: 'Administrator',
  updated_by_id: null,
  updated_by: null,
  created_at: 1_763_600_000_000,
  updated_at: '2026-11-20 10:00:00',
  candidate_count: '4',
  version: '2',
};

describe('job rows and records', () => {
  it('reads a row as either database hands it back: numbers, JSON lists, a date column, timestamps', () => {
    const job = toJob(row, '2026-11-19');
    expect(job).toMatchObject({
      id: 7,
      questions: ['Notice period?'],
      interviewRounds: [],
      minSalary: 500_000,
      maxSalary: null,
      deadline: '2026-11-20',
      experienceRange: [2, 5],
      status: 'active',
      created_by_id: 1,
      created_by: 'Administrator',
      updated_by_id: null,
      createdAt: new Date(1_763_600_000_000).toISOString(),
      updatedAt: '2026-11-20T10:00:00.000Z',
      candidateCount: 4,
      version: 2,
    });
  });

  it('reads an active job past its deadline as expired', () => {
    expect(toJob({ ...row, deadline: '2026-11-20' }, '2026-11-21').status).toBe('expired');
    expect(jobStatusOf({ status: 'draft', deadline: '2026-11-20' }, '2026-11-21')).toBe('draft');
  });

  it('writes the lists as JSON text and leaves the other columns as they are', () => {
    expect(storedJobColumns({ title: 'T', questions: ['a'], interview_rounds: [] })).toEqual({
      title: 'T',
      questions: '["a"]',
      interview_rounds: '[]',
    });
  });

  it('reads the link a row of the job query carries', () => {
    expect(jobLinkOf({ job_id: 1, link: 'skill', link_id: '3', link_name: 'React' })).toEqual({
      kind: 'skill',
      id: 3,
      name: 'React',
    });
    expect(jobLinkOf({ job_id: 1, link: 'editor', link_id: 9, link_name: null })).toEqual({
      kind: 'editor',
      id: 9,
    });
    expect(jobLinkOf({ job_id: 1, link: null, link_id: 0, link_name: null })).toBeNull();
  });
});
