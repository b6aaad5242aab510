import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { REVIEW_MESSAGES, type ReviewPage, type ReviewSender } from '@portal/contracts';
import { Button, ErrorBanner, ThemeToggle } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useTheme } from '../../lib/theme.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { reviewQuery, type ReviewGoneBody } from './api.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';
import { ReviewCandidateCard } from './ReviewCandidateCard.tsx';

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
function LinkClosed({
  heading,
  message,
  sender,
}: {
  heading: string;
  message: string;
  sender?: ReviewSender;
}) {
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

function Shortlist({ page }: { page: ReviewPage }) {
  useDocumentTitle(M.shortlistFor(page.job.title));
  const { job, sender, candidates } = page;
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
      <section aria-labelledby="review-candidates">
        <h2 id="review-candidates" className="review-section-title">
          {M.count(candidates.length)}
        </h2>
        {candidates.length === 0 ? (
          <p className="muted">{M.noCandidates}</p>
        ) : (
          <ul className="review-list">
            {candidates.map((c) => (
              <li key={c.uuid}>
                <ReviewCandidateCard candidate={c} allowDownload={page.allowDownload} sender={sender} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /review/:token: the shortlist a recruiter shared, read-only. */
export function ReviewScreen({ token }: { token: string }) {
  const query = useQuery(reviewQuery(token));
  const error = query.error instanceof ApiError ? query.error : null;
  let body: ReactNode;
  if (query.data) body = <Shortlist page={query.data} />;
  else if (error?.status === 404) body = <LinkClosed heading={M.notValid} message={error.message} />;
  else if (error?.status === 410) {
    const gone = error.body as ReviewGoneBody | undefined;
    body = (
      <LinkClosed
        heading={error.message === REVIEW_MESSAGES.linkRevoked ? M.withdrawn : M.expired}
        message={error.message}
        sender={gone?.sender}
      />
    );
  } else if (query.error) {
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
