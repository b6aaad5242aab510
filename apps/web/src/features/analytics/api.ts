import type {
  ActivityQuery,
  AnalyticsQuery,
  ClientResponseAnalytics,
  ClientResponseQuery,
  PipelineAnalytics,
  RecruiterActivity,
} from '@portal/contracts';
import { api, downloadFile, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';
import { ANALYTICS_LABELS as L } from './labels.ts';

export const analyticsKeys = {
  all: ['analytics'] as const,
  pipeline: (q: AnalyticsQuery) => ['analytics', 'pipeline', q] as const,
  activity: (q: ActivityQuery) => ['analytics', 'activity', q] as const,
  clientResponse: (q: ClientResponseQuery) => ['analytics', 'client-response', q] as const,
};

/** The file name the download is saved under. */
export const ANALYTICS_FILE_NAME = 'pipeline-analytics.xlsx';

export const fetchPipelineAnalytics = (q: AnalyticsQuery, signal?: AbortSignal) =>
  api<PipelineAnalytics>(`/api/analytics/pipeline${queryString(q)}`, {
    fallbackMessage: L.loadFailed,
    signal,
  });

export const fetchRecruiterActivity = (q: ActivityQuery, signal?: AbortSignal) =>
  api<RecruiterActivity>(`/api/analytics/activity${queryString(q)}`, {
    fallbackMessage: L.activityFailed,
    signal,
  });

/** The pipeline figures for the filters: the route's loader and the screen read the same query. */
export const pipelineAnalyticsQuery = (q: AnalyticsQuery): PageQuery<PipelineAnalytics> => ({
  queryKey: analyticsKeys.pipeline(q),
  queryFn: ({ signal }) => fetchPipelineAnalytics(q, signal),
});

export const recruiterActivityQuery = (q: ActivityQuery): PageQuery<RecruiterActivity> => ({
  queryKey: analyticsKeys.activity(q),
  queryFn: ({ signal }) => fetchRecruiterActivity(q, signal),
});

export const fetchClientResponse = (q: ClientResponseQuery, signal?: AbortSignal) =>
  api<ClientResponseAnalytics>(`/api/analytics/client-response${queryString(q)}`, {
    fallbackMessage: L.clientResponseFailed,
    signal,
  });

/** How clients answer review links, for the job and period of the filters. */
export const clientResponseQuery = (q: ClientResponseQuery): PageQuery<ClientResponseAnalytics> => ({
  queryKey: analyticsKeys.clientResponse(q),
  queryFn: ({ signal }) => fetchClientResponse(q, signal),
});

/** Every table of the figures for the filters, as sheets of one workbook written by the server. */
export const downloadAnalyticsExcel = (q: AnalyticsQuery) =>
  downloadFile(`/api/analytics/pipeline.xlsx${queryString(q)}`, ANALYTICS_FILE_NAME, L.downloadFailed);
