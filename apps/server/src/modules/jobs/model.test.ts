import { describe, expect, it } from 'vitest';
import { JobModel } from './model.ts';

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

describe('JobModel: rows and records', () => {
  it('reads a row as either database hands it back: numbers, JSON lists, a date column, timestamps', () => {
    const job = JobModel.toRecord(row, '2026-11-19');
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
    expect(JobModel.toRecord({ ...row, deadline: '2026-11-20' }, '2026-11-21').status).toBe('expired');
    expect(JobModel.statusOf({ status: 'draft', deadline: '2026-11-20' }, '2026-11-21')).toBe('draft');
  });

  it('writes the lists as JSON text and leaves the other columns as they are', () => {
    expect(JobModel.toRow({ title: 'T', questions: ['a'], interview_rounds: [] })).toEqual({
      title: 'T',
      questions: '["a"]',
      interview_rounds: '[]',
    });
  });

  it('reads the link a row of the job query carries', () => {
    expect(JobModel.linkOf({ link: 'skill', link_id: '3', link_name: 'React' })).toEqual({
      kind: 'skill',
      id: 3,
      name: 'React',
    });
    expect(JobModel.linkOf({ link: 'editor', link_id: 9 })).toEqual({ kind: 'editor', id: 9 });
    expect(JobModel.linkOf({ link: null })).toBeNull();
  });
});
