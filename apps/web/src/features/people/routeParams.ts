import { CANDIDATE_LIMITS, CANDIDATE_STATUSES } from '@portal/contracts';
import { listSearch } from '../../lib/listSearch.ts';
import { listOf } from '../../lib/searchParams.ts';

/**
 * The stages a person may have reached (contracts' PERSON_STAGES), written again here: importing that
 * module would bring its schemas, and typebox, into every page's first download.
 */
const STAGES = CANDIDATE_STATUSES.filter((s) => s !== 'rejected');
export type PersonStage = (typeof STAGES)[number];

/** The talent pool's URL: the search, the page and the filters, under the API's own names. */
export interface PeopleSearch {
  search?: string;
  page?: number;
  minExperience?: number;
  maxExperience?: number;
  maxExpectedCtc?: number;
  maxNotice?: number;
  location?: string;
  activeSince?: string;
  furthestStage?: PersonStage;
}

const numberTo = (raw: unknown, max: number) => {
  const n = Number(raw);
  return raw !== '' && raw !== null && raw !== undefined && n >= 0 && n <= max ? n : undefined;
};
const L = CANDIDATE_LIMITS;

/**
 * validateSearch of the talent pool, kept small: every page downloads it with the route tree. A malformed
 * value falls back to its default (no filter); the server checks the same bounds again.
 */
export function validatePeopleSearch(raw: Record<string, unknown>): PeopleSearch {
  const text = typeof raw.location === 'string' ? raw.location.trim().slice(0, L.location) : '';
  return {
    ...listSearch(raw),
    minExperience: numberTo(raw.minExperience, L.experienceMax),
    maxExperience: numberTo(raw.maxExperience, L.experienceMax),
    maxExpectedCtc: numberTo(raw.maxExpectedCtc, L.ctcMaxLpa),
    maxNotice: numberTo(raw.maxNotice, L.noticePeriodMax),
    location: text || undefined,
    activeSince: /^\d{4}-\d\d-\d\d$/.test(String(raw.activeSince)) ? String(raw.activeSince) : undefined,
    furthestStage: listOf(raw.furthestStage, STAGES)?.[0],
  };
}
