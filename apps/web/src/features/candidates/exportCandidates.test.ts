import { describe, expect, it } from 'vitest';
import { CANDIDATES_EXPORT } from '@portal/contracts';
import { exportRow } from './exportCandidates.ts';

describe('candidates export row', () => {
  it('fills the 16 columns: N/A for missing, ₹ on CTC, days on notice, dates like Mar 05, 2024', () => {
    const row = exportRow({
      id: 42,
      name: 'Asha Menon',
      email: 'asha@example.com',
      phone: '9876543210',
      job_title: 'Data Engineer',
      status: 'shortlisted',
      source: 'LinkedIn',
      experience: 4.5,
      current_company: null,
      current_ctc: 12.5,
      expected_ctc: null,
      notice_period: 30,
      current_location: 'Karnataka, Bengaluru Urban',
      preferred_location: null,
      createdAt: '2024-03-05T10:00:00.000Z',
      created_by: null,
    });
    expect(Object.keys(row)).toEqual([...CANDIDATES_EXPORT.columns]);
    expect(Object.values(row)).toEqual([
      42,
      'Asha Menon',
      'asha@example.com',
      '9876543210',
      'Data Engineer',
      'Shortlisted',
      'LinkedIn',
      4.5,
      'N/A',
      '₹12.5 LPA',
      'N/A',
      '30 days',
      'Karnataka, Bengaluru Urban',
      'N/A',
      'Mar 05, 2024',
      'N/A',
    ]);
  });
});
