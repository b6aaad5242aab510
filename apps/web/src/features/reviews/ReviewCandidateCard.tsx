import { useId, useState } from 'react';
import type { ReviewCandidate, ReviewPage, ReviewSender } from '@portal/contracts';
import { Button } from '@portal/ui';
import { formatCtc, formatNotice, formatYears, orNA } from '../candidates/format.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';
import { ReviewDecision } from './ReviewDecision.tsx';
import { OtherDecisions, ReviewThread } from './ReviewThread.tsx';
import type { ReviewPageState } from './useReviewPage.ts';

/** Only a PDF is shown in the page: a browser cannot show a Word file, it would only download it. */
const isPdf = (fileName: string) => /\.pdf$/i.test(fileName);

/**
 * A shared resume: a PDF opens in the page on request (each opening is counted in the recruiter's tracking,
 * so nothing loads until the client asks) or in a tab of its own; a download only when the link allows it.
 */
function Resume({
  candidate,
  allowDownload,
  sender,
}: {
  candidate: ReviewCandidate;
  allowDownload: boolean;
  sender: ReviewSender;
}) {
  const [shown, setShown] = useState(false);
  const frameId = useId();
  const { resume, name } = candidate;
  if (!resume) return <p className="muted">{M.noResume}</p>;
  const pdf = isPdf(resume.name);
  const download = allowDownload && (
    <a className="btn btn-secondary btn-sm" href={`${resume.url}?download=1`} download={resume.name}>
      {M.downloadResume}
    </a>
  );
  if (!pdf) {
    return download ? (
      <div className="review-resume-actions">
        <span className="review-resume-name">{resume.name}</span>
        {download}
      </div>
    ) : (
      <p className="muted">{M.viewOnlyNotPdf(sender)}</p>
    );
  }
  return (
    <>
      <div className="review-resume-actions">
        <Button size="sm" aria-expanded={shown} aria-controls={frameId} onPress={() => setShown(!shown)}>
          {shown ? M.hideResume : M.showResume}
          <span className="sr-only"> of {name}</span>
        </Button>
        <a className="btn btn-secondary btn-sm" href={resume.url} target="_blank" rel="noopener noreferrer">
          {M.openResume}
          <span className="sr-only"> of {name} (opens in a new tab)</span>
        </a>
        {download}
      </div>
      <div id={frameId}>
        {shown && <iframe className="review-resume-frame" src={resume.url} title={M.resumeFrame(name)} />}
      </div>
    </>
  );
}

/**
 * One shared candidate: the facts a client weighs, the recruiter's note, contact details if shared, the
 * resume; then the reader's decision, the other recipients' and the thread with the recruiter.
 */
export function ReviewCandidateCard({
  token,
  candidate: c,
  page,
  state,
}: {
  token: string;
  candidate: ReviewCandidate;
  page: ReviewPage;
  state: ReviewPageState;
}) {
  const headingId = useId();
  const facts: [string, string][] = [
    ['Experience', formatYears(c.experience)],
    ['Current company', orNA(c.current_company)],
    ['Current CTC', formatCtc(c.current_ctc)],
    ['Expected CTC', formatCtc(c.expected_ctc)],
    ['Notice period', formatNotice(c.notice_period)],
    ['Current location', orNA(c.current_location)],
    ['Preferred location', orNA(c.preferred_location)],
  ];
  return (
    <article className="card review-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="review-card-name">
        {c.name}
      </h3>
      <dl className="job-facts review-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {c.phone && (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${c.phone}`}>{c.phone}</a>
            </dd>
          </div>
        )}
        {c.email && (
          <div className="review-fact-wide">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </dd>
          </div>
        )}
      </dl>
      {c.note && (
        <div className="review-note">
          <h4 className="review-subtitle">{M.note}</h4>
          <p className="prewrap">{c.note}</p>
        </div>
      )}
      <h4 className="review-subtitle">{M.resume}</h4>
      <Resume candidate={c} allowDownload={page.allowDownload} sender={page.sender} />
      <div className="review-feedback">
        <div className="review-feedback-decision">
          <ReviewDecision token={token} candidate={c} state={state} />
          <OtherDecisions candidate={c} yourLinkId={page.you.linkId} />
        </div>
        <ReviewThread token={token} candidate={c} state={state} />
      </div>
    </article>
  );
}
