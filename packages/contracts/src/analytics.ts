import { Type, type Static } from 'typebox';
import { CANDIDATE_LIST_SOURCES, CANDIDATE_STATUSES, REJECTION_REASONS } from './constants.ts';
import { IdText, Nullable } from './common.ts';
import { UserRefText } from './users.ts';

/**
 * Pipeline analytics: where candidates wait, which stage loses them, how long a hire takes and which
 * source brings people who get hired. Every figure's meaning is in `ANALYTICS_DEFINITIONS`, shown
 * beside the figure and sent with the answer.
 */

/** The stages in order; `rejected` is an outcome, not a stage. */
export const ANALYTICS_STAGES = CANDIDATE_STATUSES.filter((s) => s !== 'rejected') as Exclude<
  (typeof CANDIDATE_STATUSES)[number],
  'rejected'
>[];
export type AnalyticsStage = (typeof ANALYTICS_STAGES)[number];

/** A candidate waiting longer than this many days in its stage is "stale". */
export const STALE_AFTER_DAYS = 14;

/** GET /api/analytics/pipeline and /api/analytics/pipeline.xlsx. Dates YYYY-MM-DD, inclusive, firm's zone. */
export const AnalyticsQuery = Type.Object({
  jobId: Type.Optional(IdText('Job')),
  source: Type.Optional(Type.Enum(CANDIDATE_LIST_SOURCES, { title: 'Source' })),
  /** Who created the candidate (the numeric id or the USR id). */
  createdBy: Type.Optional(UserRefText('Recruiter')),
  from: Type.Optional(Type.String({ format: 'date', title: 'From' })),
  to: Type.Optional(Type.String({ format: 'date', title: 'To' })),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

const Days = Nullable(Type.Number({ minimum: 0 }));
const Count = Type.Integer({ minimum: 0 });

export const StageFigures = Type.Object({
  status: Type.Enum(ANALYTICS_STAGES),
  reached: Count,
  passed: Count,
  rejected: Count,
  /** passed / reached, 0..1; null when none reached, and for the last stage (joined: nothing to pass into). */
  passRate: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  /** Rejections from this stage by reason. */
  rejectionReasons: Type.Array(Type.Object({ reason: Type.Enum(REJECTION_REASONS), count: Count })),
  current: Count,
  stale: Count,
  medianDays: Days,
  p75Days: Days,
});
export type StageFigures = Static<typeof StageFigures>;

const Durations = Type.Object({ medianDays: Days, p75Days: Days, count: Count });

export const PipelineAnalytics = Type.Object({
  stages: Type.Array(StageFigures),
  timeToHire: Type.Object({
    selected: Durations,
    joined: Durations,
    /** The same per job, for the jobs in the figures. */
    byJob: Type.Array(
      Type.Object({ jobId: Type.Integer(), title: Type.String(), selected: Durations, joined: Durations }),
    ),
  }),
  sources: Type.Array(
    Type.Object({
      source: Type.String(),
      candidates: Count,
      shortlisted: Count,
      interviewed: Count,
      selected: Count,
      joined: Count,
    }),
  ),
  /** What each figure counts, in words (keyed by figure: reached, passed, passRate, current, stale, …). */
  definitions: Type.Record(Type.String(), Type.String()),
});
export type PipelineAnalytics = Static<typeof PipelineAnalytics>;

/** GET /api/analytics/activity */
export const ActivityQuery = Type.Object({
  from: Type.Optional(Type.String({ format: 'date', title: 'From' })),
  to: Type.Optional(Type.String({ format: 'date', title: 'To' })),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

export const RecruiterActivity = Type.Object({
  weeks: Type.Array(
    Type.Object({
      /** The week's Monday, YYYY-MM-DD. */
      week: Type.String(),
      userId: Type.Integer(),
      name: Type.String(),
      moves: Count,
      rejections: Count,
    }),
  ),
});
export type RecruiterActivity = Static<typeof RecruiterActivity>;

/**
 * GET /api/analytics/client-response: how fast and how clients answer review links. From and To
 * (YYYY-MM-DD, inclusive, firm's zone) pick links by the day they were sent (created).
 */
export const ClientResponseQuery = Type.Object({
  jobId: Type.Optional(IdText('Job')),
  from: Type.Optional(Type.String({ format: 'date', title: 'From' })),
  to: Type.Optional(Type.String({ format: 'date', title: 'To' })),
});
export type ClientResponseQuery = Static<typeof ClientResponseQuery>;

const Hours = Nullable(Type.Number({ minimum: 0 }));

/** Links sent, answered and not, and the time from a link's sending to its first decision (answered ones). */
export const ClientResponseFigures = Type.Object({
  linksSent: Count,
  linksAnswered: Count,
  linksUnanswered: Count,
  /** null when no link was answered. */
  medianHours: Hours,
  averageHours: Hours,
});
export type ClientResponseFigures = Static<typeof ClientResponseFigures>;

/** The decisions the shared candidates got (each recipient's current one per candidate). */
export const ClientDecisionFigures = Type.Object({
  sharedCandidates: Count,
  decisions: Count,
  interested: Count,
  onHold: Count,
  notAFit: Count,
  /** decisions / sharedCandidates; null when no candidate was shared. */
  decisionsPerCandidate: Nullable(Type.Number({ minimum: 0 })),
});
export type ClientDecisionFigures = Static<typeof ClientDecisionFigures>;

export const ClientResponseAnalytics = Type.Object({
  response: ClientResponseFigures,
  decisions: ClientDecisionFigures,
  /** Per job with links in the figures, by title. */
  byJob: Type.Array(
    Type.Object({
      jobId: Type.Integer(),
      title: Type.String(),
      response: ClientResponseFigures,
      decisions: ClientDecisionFigures,
    }),
  ),
  /** Per client (the share's client e-mail, lower-cased), named as on their latest share. */
  byClient: Type.Array(
    Type.Object({ email: Type.String(), name: Type.String(), response: ClientResponseFigures }),
  ),
  /** What each figure counts, in words (keyed by figure: linksSent, medianHours, decisionsPerCandidate, …). */
  definitions: Type.Record(Type.String(), Type.String()),
});
export type ClientResponseAnalytics = Static<typeof ClientResponseAnalytics>;
