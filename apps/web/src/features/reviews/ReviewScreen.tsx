import { useEffect, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { REALTIME_MESSAGES, REVIEW_MESSAGES, type ReviewPage, type ReviewSender } from '@portal/contracts';
import { Button, ErrorBanner, ThemeToggle } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useTheme } from '../../lib/theme.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { loadChecks } from './api.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';
import { ReviewCandidateCard } from './ReviewCandidateCard.tsx';
import { useReviewPage, type LinkClosedState, type ReviewPageState } from './useReviewPage.ts';
import './review.css';

/**
 * The client's page, apart from the public site: no navigation, sign-in or chat button, only the firm's
 * mark and the theme. The client came for one shortlist, sent privately.
 */
function ReviewLayout({ children }: { children: ReactNode }) {
  const { theme, toggle } = useTheme();
  return (
    <div className="public">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-header review-header">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden>
            TP
          </span>
          Talent &amp; Property Portal
        </Link>
        <ThemeToggle theme={theme} onToggle={toggle} />
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        <div className="page page-public review-page">{children}</div>
      </main>
    </div>
  );
}

function SenderLink({ sender }: { sender: ReviewSender }) {
  return sender.email ? (
    <>
      {sender.name} (<a href={`mailto:${sender.email}`}>{sender.email}</a>)
    </>
  ) : (
    <>{sender.name}</>
  );
}

/** A link that opens nothing: unknown, expired or withdrawn, in the server's words, with whom to ask. */
function LinkClosed({ heading, message, sender }: LinkClosedState) {
  useDocumentTitle(heading);
  return (
    <div className="card empty-card review-closed">
      <h1 className="page-title">{heading}</h1>
      <p>{message}</p>
      {sender && (
        <p>
          {M.contactSender} <SenderLink sender={sender} />.
        </p>
      )}
    </div>
  );
}

/** Where a withdrawn candidate's card was: said to a screen reader as it appears. */
function WithdrawnLine({ name }: { name: string }) {
  return (
    <p className="review-withdrawn" role="status">
      {REVIEW_MESSAGES.withdrawnLine(name)}
    </p>
  );
}

/**
 * The shortlist, each candidate with the reader's decision and the thread; a candidate withdrawn while the
 * page is open leaves a line where their card was.
 */
function Shortlist({ token, page, state }: { token: string; page: ReviewPage; state: ReviewPageState }) {
  useDocumentTitle(M.shortlistFor(page.job.title));
  const { job, sender } = page;
  const withdrawn = new Map(state.withdrawn.map((w) => [w.uuid, w.name]));
  const candidates = page.candidates.filter((c) => !withdrawn.has(c.uuid));
  // Withdrawn ones the page no longer holds (read again after a reconnect) keep their line, at the top.
  const gone = state.withdrawn.filter((w) => !page.candidates.some((c) => c.uuid === w.uuid));
  return (
    <>
      <header className="card review-intro">
        <p className="muted review-kicker">{M.title}</p>
        <h1 className="page-title">{M.shortlistFor(job.title)}</h1>
        <p className="opening-meta">
          <span className="badge badge-blue">{job.type}</span>
          <span>{job.location}</span>
        </p>
        <dl className="job-facts review-intro-facts">
          <div>
            <dt>{M.sentBy}</dt>
            <dd>
              <SenderLink sender={sender} />
            </dd>
          </div>
          <div>
            <dt>{M.expires}</dt>
            <dd>
              <time dateTime={page.expiresAt}>{formatDateTime(page.expiresAt) ?? page.expiresAt}</time>
            </dd>
          </div>
        </dl>
      </header>
      <section aria-labelledby="review-candidates" data-live={state.live}>
        {state.live === 'offline' && (
          <p className="banner banner-warning" role="status">
            {REALTIME_MESSAGES.offline}
          </p>
        )}
        <h2 id="review-candidates" className="review-section-title">
          {M.count(candidates.length)}
        </h2>
        <ul className="review-list">
          {gone.map((w) => (
            <li key={w.uuid}>
              <WithdrawnLine name={w.name} />
            </li>
          ))}
          {page.candidates.map((c) =>
            withdrawn.has(c.uuid) ? (
              <li key={c.uuid}>
                <WithdrawnLine name={c.name} />
              </li>
            ) : (
              <li key={c.uuid}>
                <ReviewCandidateCard token={token} candidate={c} page={page} state={state} />
              </li>
            ),
          )}
        </ul>
        {candidates.length === 0 && <p className="muted">{M.noCandidates}</p>}
      </section>
    </>
  );
}

/** /review/:token: the shortlist a recruiter shared, for the client to decide on and discuss, live. */
export function ReviewScreen({ token }: { token: string }) {
  const state = useReviewPage(token);
  const { query, page, closed } = state;
  const shown = Boolean(page);
  // The forms' checks load once the shortlist shows, before the client has read a candidate.
  useEffect(() => {
    if (shown) void loadChecks().catch(() => {});
  }, [shown]);
  const error = query.error instanceof ApiError ? query.error : null;
  let body: ReactNode;
  if (closed) body = <LinkClosed {...closed} />;
  else if (page) body = <Shortlist token={token} page={page} state={state} />;
  else if (query.error) {
    body = (
      <>
        <h1 className="page-title">{M.title}</h1>
        <ErrorBanner message={error?.message ?? M.loadFailed}>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={query.isFetching}
            onPress={() => void query.refetch()}
          >
            {M.retry}
          </Button>
        </ErrorBanner>
      </>
    );
  } else {
    body = (
      <>
        <h1 className="page-title">{M.title}</h1>
        <p className="muted" role="status">
          {M.loading}
        </p>
      </>
    );
  }
  return <ReviewLayout>{body}</ReviewLayout>;
}
