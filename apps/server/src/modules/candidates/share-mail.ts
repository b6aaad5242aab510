import { CANDIDATES_EXPORT, type Candidate } from '@portal/contracts';
import type { Mail } from '../../lib/mailer.ts';

const NA = CANDIDATES_EXPORT.missing;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The key details a client reads about each shortlisted candidate, label and value. */
function keyDetails(c: Candidate): [string, string][] {
  const lpa = (n: number | null) => (n === null ? NA : `₹${n} LPA`);
  return [
    ['Name', c.name],
    ['Email', c.email],
    ['Phone', c.phone],
    ['Experience', `${c.experience} years`],
    ['Current Company', c.current_company ?? NA],
    ['Current CTC', lpa(c.current_ctc)],
    ['Expected CTC', lpa(c.expected_ctc)],
    ['Notice Period', c.notice_period === null ? NA : `${c.notice_period} days`],
    ['Current Location', c.current_location ?? NA],
    ['Preferred Location', c.preferred_location ?? NA],
  ];
}

/** The e-mail to a job's client listing its shortlisted candidates (plain text and HTML). */
export function shortlistMail(
  job: { title: string; clientName: string; clientEmail: string },
  candidates: Candidate[],
): Mail {
  const subject = `Shortlisted candidates for ${job.title}`;
  const intro = `Dear ${job.clientName},\n\nPlease find below the ${candidates.length} shortlisted candidate${
    candidates.length === 1 ? '' : 's'
  } for the position of ${job.title}.`;
  const text = [
    intro,
    ...candidates.map((c, i) =>
      [`${i + 1}.`, ...keyDetails(c).map(([label, value]) => `   ${label}: ${value}`)].join('\n'),
    ),
    'Kind regards,\nThe recruitment team',
  ].join('\n\n');
  const rows = candidates
    .map(
      (c) =>
        `<tr>${keyDetails(c)
          .map(([, value]) => `<td>${escapeHtml(value)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  const head = keyDetails(candidates[0]!)
    .map(([label]) => `<th align="left">${label}</th>`)
    .join('');
  const html = `<p>${escapeHtml(intro).replace(/\n/g, '<br>')}</p><table border="1" cellpadding="4" cellspacing="0"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table><p>Kind regards,<br>The recruitment team</p>`;
  return { to: job.clientEmail, subject, text, html };
}
