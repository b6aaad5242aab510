import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CONTACT_MESSAGES } from '@portal/contracts';
import { ErrorBanner } from '@portal/ui';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { saveFile } from '../../lib/saveFile.ts';

/** Two PDFs served from /documents/. */
const DOCUMENTS = [
  {
    file: 'Facility_Infra_Details.pdf',
    title: 'Facility & Infrastructure Details',
    text: 'Roads, water, power, security and the other facilities of our layouts.',
  },
  {
    file: 'project_overview.pdf',
    title: 'Project Overview',
    text: 'Location, extent, plot sizes, approvals and the status of each phase.',
  },
];

/**
 * Fetches the file and saves it. A missing file would otherwise come back as the app's own page (or an
 * error page) saved under a .pdf name: only a real PDF is saved, anything else shows the requirements' alert.
 */
async function download(file: string) {
  const res = await fetch(`/documents/${file}`);
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('application/pdf')) throw new Error(`${res.status} ${type}`);
  saveFile(await res.blob(), file);
}

/** Project Documents: two downloads and Contact Support. */
export function DocumentsScreen() {
  useDocumentTitle('Project Documents');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function get(file: string) {
    setError(null);
    setBusy(file);
    try {
      await download(file);
    } catch {
      setError(CONTACT_MESSAGES.downloadFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="page page-public">
      <header className="public-page-head">
        <h1 className="page-title">Project Documents</h1>
        <p className="muted">Download the details of our projects (PDF).</p>
      </header>
      <ErrorBanner message={error} />
      <ul className="document-list">
        {DOCUMENTS.map((d) => (
          <li key={d.file} className="card document">
            <span className="document-icon" aria-hidden>
              PDF
            </span>
            <span className="document-body">
              <strong>{d.title}</strong>
              <span className="muted document-text">{d.text}</span>
              <span className="muted document-file">{d.file}</span>
            </span>
            <button
              type="button"
              className="btn btn-primary btn-md"
              onClick={() => void get(d.file)}
              disabled={busy === d.file}
              aria-label={`Download ${d.title} (${d.file})`}
            >
              {busy === d.file ? 'Downloading...' : 'Download'}
            </button>
          </li>
        ))}
      </ul>
      <section className="card cta" aria-labelledby="support-title">
        <h2 id="support-title">Need something else?</h2>
        <p className="muted">Our team can send you plans, approvals or price lists.</p>
        <Link to="/contact" className="btn btn-secondary btn-md">
          Contact Support
        </Link>
      </section>
    </div>
  );
}
