import { describe, expect, it } from 'vitest';
import { activeBoardFilters, boardFilters, validateJobDetailsSearch } from './search.ts';

describe("the job details' URL", () => {
  it('reads the tab and the board filters, dropping what does not pass', () => {
    expect(
      validateJobDetailsSearch({
        tab: 'pipeline',
        search: ' asha ',
        source: 'LinkedIn',
        experienceMin: '2',
        experienceMax: 5,
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    ).toEqual({
      tab: 'pipeline',
      search: 'asha',
      source: 'LinkedIn',
      experienceMin: 2,
      experienceMax: 5,
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(validateJobDetailsSearch({ tab: 'details', source: 'Myspace', from: '2026-02-31' })).toEqual({});
  });

  it('drops a range given upside down', () => {
    expect(
      validateJobDetailsSearch({ experienceMin: 6, experienceMax: 2, from: '2026-11-30', to: '2026-11-01' }),
    ).toEqual({});
  });

  it("keeps the Candidates tab's list under its own names, apart from the board's", () => {
    const s = validateJobDetailsSearch({
      tab: 'candidates',
      search: 'board',
      cSearch: 'list',
      cPage: 2,
      cSources: ['LinkedIn', 'Myspace'],
      cExperienceMin: 'x',
    });
    expect(s).toEqual({
      tab: 'candidates',
      search: 'board',
      cSearch: 'list',
      cPage: 2,
      cSources: ['LinkedIn'],
    });
    expect(boardFilters(s)).toEqual({ search: 'board' });
  });

  it('gives the filters without the tab, and counts them', () => {
    const s = validateJobDetailsSearch({ tab: 'pipeline', search: 'x', experienceMax: 3, to: '2026-11-30' });
    expect(boardFilters(s)).toEqual({ search: 'x', experienceMax: 3, to: '2026-11-30' });
    expect(activeBoardFilters(boardFilters(s))).toBe(2);
  });
});
