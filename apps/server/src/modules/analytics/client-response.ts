/**
 * How clients answer review links: per job and per client, the time from a link's sending to its
 * first decision, the links answered and not, and the decisions the shared candidates got. Two aggregate
 * queries: one row per link with its first decision and its decisions by kind (review_decisions by its
 * unique (link_id, candidate_id)), and the shared candidates per job. Medians need each link's time, so the
 * per-link rows are added up here; a firm sends links by the thousand, not the million.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES,
  type ClientDecisionFigures,
  type ClientResponseAnalytics,
  type ClientResponseFigures,
  type ClientResponseQuery,
} from '@portal/contracts';
import { invalid } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { endOfDay, startOfDay, toDate } from '../../lib/dates.ts';
import { int, total, type DbInt, type DbTime } from '../../lib/rows.ts';

export const CLIENT_RESPONSE_DEFINITIONS: Record<string, string> = {
  clientResponse:
    'Review links a shortlist sent, one per recipient. From and To pick links by the day they were sent (created), in the firm’s time zone; Job picks one job’s shares; Source and Recruiter do not apply. Only shares sent with review links count (not those mailed before review links existed).',
  linksSent: 'Review links sent in the period.',
  linksAnswered: 'Of those, the links on which the recipient has made at least one decision.',
  linksUnanswered:
    'The links with no decision yet, whether still open, expired or revoked (sent minus answered).',
  medianHours:
    'Client response time: for each answered link, the hours from the link’s sending to its first decision on any candidate (a decision changed later keeps its first time); the median over those links (the mean of the two middle ones when their number is even).',
  averageHours: 'The same hours, averaged over the answered links.',
  client:
    'The share’s client: the client e-mail the job held when the shortlist was sent (its contacts’ links count for it too), named as on the latest share; addresses are compared without case.',
  sharedCandidates:
    'Candidates on the shares of those links, once per share (a candidate shared twice counts twice; withdrawn ones count).',
  decisions:
    'Each recipient’s current decision on each shared candidate: a recipient who changes a decision counts once, for the decision as it is now. Deleted candidates’ decisions leave the figures.',
  interested: 'Decisions “Interested — invite to interview”.',
  onHold: 'Decisions “On hold”.',
  notAFit: 'Decisions “Not a fit”.',
  decisionsPerCandidate:
    'Decisions divided by shared candidates: how many decisions a shared candidate got on average (a share with several recipients can give one candidate several).',
};

/** One link as the figures read it: its job and client, when it was sent and first decided, its decisions. */
interface LinkRow {
  job_id: DbInt;
  title: string;
  client_email: string;
  client_name: string;
  shared_at: DbTime;
  created_at: DbTime;
  first_decided_at: DbTime | null;
  interested: DbInt | null;
  on_hold: DbInt | null;
  not_a_fit: DbInt | null;
}

interface SharedRow {
  job_id: DbInt;
  n: DbInt;
}

const HOUR_MS = 3_600_000;
const round2 = (n: number) => Math.round(n * 100) / 100;

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The links of one group as they are added up: each answered link's hours, and the decisions by kind. */
class Tally {
  sent = 0;
  hours: number[] = [];
  interested = 0;
  onHold = 0;
  notAFit = 0;
  shared = 0;

  add(link: LinkRow) {
    this.sent += 1;
    if (link.first_decided_at != null) {
      const ms = toDate(link.first_decided_at).getTime() - toDate(link.created_at).getTime();
      this.hours.push(Math.max(0, ms) / HOUR_MS);
    }
    this.interested += total(link.interested);
    this.onHold += total(link.on_hold);
    this.notAFit += total(link.not_a_fit);
  }

  response(): ClientResponseFigures {
    const sorted = [...this.hours].sort((a, b) => a - b);
    const answered = sorted.length;
    const mid = median(sorted);
    return {
      linksSent: this.sent,
      linksAnswered: answered,
      linksUnanswered: this.sent - answered,
      medianHours: mid === null ? null : round2(mid),
      averageHours: answered ? round2(sorted.reduce((a, b) => a + b, 0) / answered) : null,
    };
  }

  decisions(): ClientDecisionFigures {
    const decisions = this.interested + this.onHold + this.notAFit;
    return {
      sharedCandidates: this.shared,
      decisions,
      interested: this.interested,
      onHold: this.onHold,
      notAFit: this.notAFit,
      decisionsPerCandidate: this.shared ? round2(decisions / this.shared) : null,
    };
  }
}

const tallyOf = <K>(map: Map<K, Tally>, key: K) => {
  let tally = map.get(key);
  if (!tally) map.set(key, (tally = new Tally()));
  return tally;
};

export function createClientResponse({
  db,
  editableJobIds,
}: {
  db: Knex;
  editableJobIds: (caller: Caller) => Promise<Set<number>>;
}) {
  /**
   * The shares a caller's figures cover, on a query of `shortlist_shares as s`: all for admins; for an
   * employee the shares of the jobs they may edit and those they sent (as the pipeline figures cover the
   * candidates of the jobs they may edit and those they added).
   */
  async function scopeOf(query: ClientResponseQuery, caller: Caller) {
    const jobs = caller.role === 'admin' ? null : [...(await editableJobIds(caller))];
    return (q: Knex.QueryBuilder) => {
      if (query.jobId) q.where('s.job_id', query.jobId);
      if (jobs) q.where((w) => w.whereIn('s.job_id', jobs).orWhere('s.shared_by_id', caller.id));
    };
  }

  /** The links' sending time within From–To (firm's days). */
  const sentWithin = (q: Knex.QueryBuilder, { from, to }: ClientResponseQuery) => {
    if (from) q.where('l.created_at', '>=', startOfDay(from));
    if (to) q.where('l.created_at', '<', endOfDay(to));
  };

  async function clientResponse(
    query: ClientResponseQuery,
    caller: Caller,
  ): Promise<ClientResponseAnalytics> {
    const { from, to } = query;
    if (from && to && from > to) throw invalid(CANDIDATE_MESSAGES.filterDateOrder);
    const scope = await scopeOf(query, caller);
    const count = (decision: string) =>
      db.raw('sum(case when d.decision = ? then 1 else 0 end) as ??', [decision, decision]);
    const linksQuery = db('share_links as l')
      .join('shortlist_shares as s', 's.id', 'l.share_id')
      .join('jobs as j', 'j.id', 's.job_id')
      .leftJoin('review_decisions as d', 'd.link_id', 'l.id')
      .groupBy(
        'l.id',
        's.job_id',
        'j.title',
        's.client_email',
        's.client_name',
        's.shared_at',
        'l.created_at',
      )
      .select('s.job_id', 'j.title', 's.client_email', 's.client_name', 's.shared_at', 'l.created_at')
      .min({ first_decided_at: 'd.first_decided_at' })
      .select(count('interested'), count('on_hold'), count('not_a_fit'));
    scope(linksQuery);
    sentWithin(linksQuery, query);
    // The candidates on the shares those links came from (a share's links are all sent with it).
    const sharedQuery = db('shortlist_share_candidates as sc')
      .join('shortlist_shares as s', 's.id', 'sc.share_id')
      .whereIn('s.id', (sub) => {
        sub.select('l.share_id').from('share_links as l');
        sentWithin(sub, query);
      })
      .groupBy('s.job_id')
      .select('s.job_id')
      .count({ n: '*' });
    scope(sharedQuery);
    const [links, shared] = (await Promise.all([linksQuery, sharedQuery])) as [LinkRow[], SharedRow[]];

    const all = new Tally();
    const jobs = new Map<number, Tally>();
    const titles = new Map<number, string>();
    const clients = new Map<string, Tally>();
    const names = new Map<string, { name: string; at: number }>();
    for (const link of links) {
      const jobId = int(link.job_id);
      const email = link.client_email.toLowerCase();
      all.add(link);
      tallyOf(jobs, jobId).add(link);
      titles.set(jobId, link.title);
      tallyOf(clients, email).add(link);
      const at = toDate(link.shared_at).getTime();
      if ((names.get(email)?.at ?? -Infinity) <= at) names.set(email, { name: link.client_name, at });
    }
    for (const row of shared) {
      const n = int(row.n);
      all.shared += n;
      tallyOf(jobs, int(row.job_id)).shared += n;
    }
    return {
      response: all.response(),
      decisions: all.decisions(),
      byJob: [...jobs.entries()]
        .map(([jobId, tally]) => ({
          jobId,
          title: titles.get(jobId) ?? '',
          response: tally.response(),
          decisions: tally.decisions(),
        }))
        .sort((a, b) => a.title.localeCompare(b.title) || a.jobId - b.jobId),
      byClient: [...clients.entries()]
        .map(([email, tally]) => ({ email, name: names.get(email)?.name ?? '', response: tally.response() }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email)),
      definitions: CLIENT_RESPONSE_DEFINITIONS,
    };
  }

  return { clientResponse };
}
