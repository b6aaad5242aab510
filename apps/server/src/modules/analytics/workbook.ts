/** The pipeline analytics as a workbook: one sheet per table of the screen, and the definitions. */
import type { PipelineAnalytics } from '@portal/contracts';
import { writeWorkbook } from '../../lib/xlsx-writer.ts';

/** The file's name and its sheets, in the order the screen shows the tables. */
export const ANALYTICS_EXPORT = { fileName: 'pipeline_analytics.xlsx' } as const;

function analyticsSheets(figures: PipelineAnalytics) {
  const duration = (d: { medianDays: number | null; p75Days: number | null; count: number }) => [
    d.medianDays,
    d.p75Days,
    d.count,
  ];
  return [
    {
      sheetName: 'Funnel',
      header: [
        'Stage',
        'Reached',
        'Passed',
        'Pass rate',
        'Rejected',
        'Current',
        'Stale',
        'Median days',
        'P75 days',
      ],
      rows: figures.stages.map((s) => [
        s.status,
        s.reached,
        s.passed,
        s.passRate === null ? null : Math.round(s.passRate * 10_000) / 10_000,
        s.rejected,
        s.current,
        s.stale,
        s.medianDays,
        s.p75Days,
      ]),
    },
    {
      sheetName: 'Rejection reasons',
      header: ['Stage', 'Reason', 'Rejected'],
      rows: figures.stages.flatMap((s) => s.rejectionReasons.map((r) => [s.status, r.reason, r.count])),
    },
    {
      sheetName: 'Time to hire',
      header: [
        'Job',
        'Selected: median days',
        'Selected: P75 days',
        'Selected',
        'Joined: median days',
        'Joined: P75 days',
        'Joined',
      ],
      rows: [
        ['All jobs', ...duration(figures.timeToHire.selected), ...duration(figures.timeToHire.joined)],
        ...figures.timeToHire.byJob.map((j) => [j.title, ...duration(j.selected), ...duration(j.joined)]),
      ],
    },
    {
      sheetName: 'Sources',
      header: ['Source', 'Candidates', 'Shortlisted', 'Interviewed', 'Selected', 'Joined'],
      rows: figures.sources.map((s) => [
        s.source,
        s.candidates,
        s.shortlisted,
        s.interviewed,
        s.selected,
        s.joined,
      ]),
    },
    {
      sheetName: 'Definitions',
      header: ['Figure', 'What it counts'],
      rows: Object.entries(figures.definitions),
    },
  ];
}

/** The figures as the downloaded file's bytes. */
export const analyticsWorkbook = (figures: PipelineAnalytics): Buffer =>
  writeWorkbook(analyticsSheets(figures));
