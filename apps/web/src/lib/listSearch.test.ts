import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_FILTER_PARAMS,
  CandidateFilterQuery,
  JOB_FILTER_PARAMS,
  JobFilterQuery,
  LIST_QUERY_PARAMS,
  ListQuery,
  MAX_PAGE,
  USER_FILTER_PARAMS,
  UserListFilter,
} from '@portal/contracts';
import { validateJobListSearch } from '../features/jobs/routeParams.ts';
import { validateSkillListSearch } from '../features/skills/routeParams.ts';
import { validateUserListSearch } from '../features/users/routeParams.ts';

/** A schema as JSON, without what only labels it (title, default, errorMessage). */
const bounds = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === 'title' || key === 'default' || key === 'errorMessage' ? undefined : value,
  );

describe('list search params through the contracts’ list-query params', () => {
  it('describes each URL param with the types and bounds of the server’s list-query schema', () => {
    const pairs = [
      [LIST_QUERY_PARAMS, ListQuery],
      [JOB_FILTER_PARAMS, JobFilterQuery],
      [CANDIDATE_FILTER_PARAMS, CandidateFilterQuery],
      [USER_FILTER_PARAMS, UserListFilter],
    ] as const;
    for (const [params, query] of pairs) {
      for (const [key, param] of Object.entries(params)) {
        const schema = (query.properties as Record<string, unknown>)[key];
        expect(bounds(param), key).toEqual(bounds(schema));
      }
    }
  });

  it('keeps a search and a page the server accepts, text or number, and leaves defaults out', () => {
    expect(validateSkillListSearch({ search: 'react', page: 3 })).toEqual({ search: 'react', page: 3 });
    expect(validateSkillListSearch({ search: 2024, page: '2' })).toEqual({ search: '2024', page: 2 });
    expect(validateSkillListSearch({ search: '', page: 1 })).toEqual({ search: undefined, page: undefined });
  });

  it('falls back to the defaults for what the server would refuse, rather than failing', () => {
    for (const page of [0, -1, 2.5, 'abc', MAX_PAGE + 1, [2], { n: 2 }]) {
      expect(validateSkillListSearch({ page }).page).toBeUndefined();
    }
    expect(validateSkillListSearch({ search: 'x'.repeat(201) }).search).toBeUndefined();
    expect(validateUserListSearch({ status: 'deleted' }).status).toBeUndefined();
    expect(validateUserListSearch({ status: 'inactive', page: 2 })).toEqual({
      search: undefined,
      status: 'inactive',
      page: 2,
    });
  });

  it('reads the job list’s tab, panel choices and ranges, keeping the items that pass', () => {
    expect(
      validateJobListSearch({
        tab: 'draft',
        statuses: ['active', 'bogus', 'active'],
        types: 'Full-time',
        skills: ['React', 'Cobol'],
        salaryMin: '5',
        salaryMax: 40,
        experienceMin: 2,
        experienceMax: 10,
      }),
    ).toEqual({
      search: undefined,
      page: undefined,
      tab: 'draft',
      statuses: ['active'],
      types: ['Full-time'],
      skills: ['React'],
      salaryMin: 5,
      salaryMax: 40,
      experienceMin: 2,
      experienceMax: 10,
    });
  });

  it('leaves out the tab "all", unknown choices and values beyond the sliders’ ends', () => {
    expect(
      validateJobListSearch({
        tab: 'all',
        statuses: ['bogus'],
        types: 7,
        salaryMin: 0,
        salaryMax: 100,
        experienceMin: 0,
        experienceMax: 25,
      }),
    ).toEqual({
      search: undefined,
      page: undefined,
      tab: undefined,
      statuses: undefined,
      types: undefined,
      skills: undefined,
      salaryMin: undefined,
      salaryMax: undefined,
      experienceMin: undefined,
      experienceMax: undefined,
    });
  });
});
