import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CANDIDATE_LIST_SOURCES,
  DASHBOARD_REFRESH_MS,
  type ClientResponseAnalytics,
  type PipelineAnalytics,
  type RecruiterActivity,
} from '@portal/contracts';
import { Button, DateInputField, SelectField, toast } from '@portal/ui';
import { formatDate } from '../../lib/format.ts';
import { jobOptionsQuery } from '../candidates/api.ts';
import { fetchUserOptions } from '../jobs/api.ts';
import {
  clientResponseQuery,
  downloadAnalyticsExcel,
  pipelineAnalyticsQuery,
  recruiterActivityQuery,
} from './api.ts';
import { ANALYTICS_LABELS as L } from './labels.ts';
import {
  activityQueryOf,
  clientResponseQueryOf,
  comparisonSearch,
  pipelineQueryOf,
  type AnalyticsSearch,
  type AnalyticsSource,
} from './routeParams.ts';
import {
  activitySection,
  funnelSection,
  sourcesSection,
  timeInStageSection,
  timeToHireSection,
} from './sections.tsx';
import { clientDecisionsSection, clientResponseSection } from './client-sections.tsx';
import { AnalyticsSection, DefinitionsList } from './AnalyticsSection.tsx';
import { useLiveAnalytics } from './useLiveAnalytics.ts';

/** The filters' bar: each change is written to the URL at once (a filtered screen can be bookmarked). */
export function AnalyticsFilters({
  search,
  onChange,
}: {
  search: AnalyticsSearch;
  /** Applied to the address as it is when the change lands, not as this render saw it. */
  onChange: (patch: Partial<AnalyticsSearch>) => void;
}) {
  const jobs = useQuery(jobOptionsQuery());
  const users = useQuery({ queryKey: ['users', 'options'], queryFn: fetchUserOptions });
  const set = onChange;
  const jobOptions = (jobs.data?.items ?? []).map((j) => ({ value: String(j.id), label: j.title }));
  // The chosen job stays nameable before the list has loaded (or when it is not in it).
  if (search.jobId && !jobOptions.some((o) => o.value === String(search.jobId)))
    jobOptions.unshift({ value: String(search.jobId), label: `Job ${search.jobId}` });
  const userOptions = (users.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  if (search.createdBy && !userOptions.some((o) => o.value === String(search.createdBy)))
    userOptions.unshift({ value: String(search.createdBy), label: `User ${search.createdBy}` });
  const canCompare = Boolean(search.from && search.to);
  return (
    <form className="card analytics-filters" aria-label={L.filters} onSubmit={(e) => e.preventDefault()}>
      <SelectField
        label={L.job}
        value={search.jobId ? String(search.jobId) : ''}
        placeholder={L.allJobs}
        options={jobOptions}
        onChange={(v) => set({ jobId: v ? Number(v) : undefined })}
      />
      <SelectField
        label={L.source}
        value={search.source ?? ''}
        placeholder={L.allSources}
        options={CANDIDATE_LIST_SOURCES.map((s) => ({ value: s, label: s }))}
        onChange={(v) => set({ source: (v || undefined) as AnalyticsSource | undefined })}
      />
      <SelectField
        label={L.recruiter}
        value={search.createdBy ? String(search.createdBy) : ''}
        placeholder={L.everyone}
        options={userOptions}
        onChange={(v) => set({ createdBy: v ? Number(v) : undefined })}
      />
      <DateInputField
        label={L.from}
        value={search.from ?? ''}
        onChange={(v) => set({ from: v || undefined })}
      />
      <DateInputField
        label={L.to}
        value={search.to ?? ''}
        min={search.from}
        onChange={(v) => set({ to: v || undefined })}
      />
      <SelectField
        label={L.compare}
        value={search.compare ?? ''}
        placeholder={L.noComparison}
        options={[{ value: 'previous', label: L.previousPeriod }]}
        isDisabled={!canCompare && !search.compare}
        description={canCompare ? undefined : L.compareNeedsDates}
        onChange={(v) => set({ compare: v === 'previous' ? 'previous' : undefined })}
      />
    </form>
  );
}

/** How clients answer review links: its two sections, or why they are missing. */
function ClientFigures({
  clients,
  failed,
}: {
  clients?: ClientResponseAnalytics | undefined;
  failed: boolean;
}) {
  if (!clients) return <p className="muted">{failed ? L.clientResponseFailed : L.loading}</p>;
  return (
    <>
      {[clientResponseSection(clients), clientDecisionsSection(clients)].map((section) => (
        <AnalyticsSection key={section.key} section={section} definitions={clients.definitions} />
      ))}
    </>
  );
}

/**
 * The sections of figures, drawn from one answer (and the comparison's, for the deltas); the client response
 * sections when their answer is given (or `clientsFailed`).
 */
export function AnalyticsFigures({
  pipeline,
  previous,
  activity,
  activityFailed,
  clients,
  clientsFailed,
}: {
  pipeline: PipelineAnalytics;
  previous?: PipelineAnalytics | undefined;
  activity?: RecruiterActivity | undefined;
  activityFailed?: boolean;
  clients?: ClientResponseAnalytics | undefined;
  clientsFailed?: boolean;
}) {
  const definitions = clients ? { ...pipeline.definitions, ...clients.definitions } : pipeline.definitions;
  return (
    <>
      {[
        funnelSection(pipeline.stages, previous?.stages),
        timeInStageSection(pipeline.stages, previous?.stages),
        timeToHireSection(pipeline.timeToHire, previous?.timeToHire),
        sourcesSection(pipeline.sources, previous?.sources),
      ].map((section) => (
        <AnalyticsSection key={section.key} section={section} definitions={definitions} />
      ))}
      {activity ? (
        <AnalyticsSection section={activitySection(activity.weeks)} definitions={definitions} />
      ) : (
        <p className="muted">{activityFailed ? L.activityFailed : L.loading}</p>
      )}
      {clients || clientsFailed !== undefined ? (
        <ClientFigures clients={clients} failed={Boolean(clientsFailed)} />
      ) : null}
      <DefinitionsList definitions={definitions} />
    </>
  );
}

/**
 * Pipeline Analytics (`/admin/recruitments/analytics`, `/employee/recruitments/analytics`): where candidates
 * wait, which stage loses them, how long a hire takes and which source brings hires, over the jobs the reader
 * may view, and how clients answer review links (per job and client, for the same job and dates). Live: fetched
 * again (coalesced) when a candidate is added, moved or removed, and every 5 minutes (client answers reach job
 * rooms, not the dashboard room this screen joins: they show at the next refresh).
 */
export function AnalyticsScreen({
  search,
  onSearchChange,
}: {
  search: AnalyticsSearch;
  onSearchChange: (patch: Partial<AnalyticsSearch>) => void;
}) {
  const query = pipelineQueryOf(search);
  const compared = comparisonSearch(search);
  const live = { refetchInterval: DASHBOARD_REFRESH_MS, placeholderData: keepPreviousData };
  const pipeline = useQuery({ ...pipelineAnalyticsQuery(query), ...live });
  const previous = useQuery({
    ...pipelineAnalyticsQuery(pipelineQueryOf(compared ?? {})),
    ...live,
    enabled: compared !== undefined,
  });
  const activity = useQuery({ ...recruiterActivityQuery(activityQueryOf(search)), ...live });
  const clients = useQuery({ ...clientResponseQuery(clientResponseQueryOf(search)), ...live });
  useLiveAnalytics();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAnalyticsExcel(query);
    } catch (error) {
      toast.error((error as Error).message || L.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section className="page page-wide analytics">
      <div className="page-head">
        <h1 className="page-title">{L.title}</h1>
        <Button onPress={() => void download()} isDisabled={downloading || !pipeline.data}>
          {L.download}
        </Button>
      </div>
      <AnalyticsFilters search={search} onChange={onSearchChange} />
      {compared ? (
        <p className="muted analytics-compared">
          {L.comparing(
            formatDate(compared.from!) ?? compared.from!,
            formatDate(compared.to!) ?? compared.to!,
          )}
        </p>
      ) : null}
      {pipeline.data ? (
        <AnalyticsFigures
          pipeline={pipeline.data}
          previous={compared ? previous.data : undefined}
          activity={activity.data}
          activityFailed={activity.isError}
          clients={clients.data}
          clientsFailed={clients.isError}
        />
      ) : pipeline.isError ? (
        <p className="banner banner-error" role="alert">
          {pipeline.error.message || L.loadFailed}
        </p>
      ) : (
        <p className="muted">{L.loading}</p>
      )}
    </section>
  );
}
