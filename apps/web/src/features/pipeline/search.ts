import {
  CANDIDATE_FILTER_PARAMS,
  CANDIDATE_LIST_SOURCES,
  LIST_QUERY_PARAMS,
  queryParam,
  type PipelineFilters,
} from '@portal/contracts';
import { validateJobCandidatesSearch, type JobCandidatesSearch } from '../candidates/routeParams.ts';

/** The job details screen's tabs, as the URL names them (`?tab=`; the first is the default). */
export const JOB_DETAIL_TABS = ['details', 'candidates', 'pipeline'] as const;
export type JobDetailTab = (typeof JOB_DETAIL_TABS)[number];

/**
 * The job details' search params: its tab, the board's filters, and the Candidates tab's list under its
 * own names (absent = default).
 */
export type JobDetailsSearch = { tab?: JobDetailTab } & PipelineFilters & JobCandidatesSearch;

/**
 * validateSearch of the job details routes: each param through the candidate list's descriptions (the
 * board filters as the list does), anything malformed left out; an experience range upside down is
 * dropped whole, and so is a date range.
 */
export function validateJobDetailsSearch(raw: Record<string, unknown>): JobDetailsSearch {
  const tab = JOB_DETAIL_TABS.find((t) => t === raw.tab && t !== 'details');
  const search = queryParam(LIST_QUERY_PARAMS.search, raw.search)?.trim();
  const source = queryParam({ enum: CANDIDATE_LIST_SOURCES }, raw.source);
  let experienceMin = queryParam(CANDIDATE_FILTER_PARAMS.experienceMin, raw.experienceMin);
  let experienceMax = queryParam(CANDIDATE_FILTER_PARAMS.experienceMax, raw.experienceMax);
  if (experienceMin !== undefined && experienceMax !== undefined && experienceMin > experienceMax)
    experienceMin = experienceMax = undefined;
  let from = queryParam(CANDIDATE_FILTER_PARAMS.appliedFrom, raw.from);
  let to = queryParam(CANDIDATE_FILTER_PARAMS.appliedTo, raw.to);
  if (from !== undefined && to !== undefined && from > to) from = to = undefined;
  const all = { tab, search: search || undefined, source, experienceMin, experienceMax, from, to };
  return {
    ...(Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as JobDetailsSearch),
    // Every one of the tab's keys, if only as undefined: a key left out would keep the URL's raw value.
    ...validateJobCandidatesSearch(raw),
  };
}

/**
 * The board's filters of the URL (the tab and the Candidates tab's list left out): the query of the board
 * and of each column's pages.
 */
export function boardFilters(search: JobDetailsSearch): PipelineFilters {
  const { search: text, source, experienceMin, experienceMax, from, to } = search;
  const filters = { search: text, source, experienceMin, experienceMax, from, to };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as PipelineFilters;
}

/** How many filters are set (shown on the Filters button). */
export const activeBoardFilters = (f: PipelineFilters) =>
  [f.source, f.experienceMin ?? f.experienceMax, f.from ?? f.to].filter((v) => v !== undefined).length;
