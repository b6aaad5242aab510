import type { BulkResults } from '@portal/contracts';
import { Button, Dialog } from '@portal/ui';

/** The bulk upload's final summary: what was added, the duplicates and the errors. */
export function BulkSummaryDialog({
  isOpen,
  onClose,
  results,
  attached,
}: {
  isOpen: boolean;
  onClose: () => void;
  results: BulkResults;
  /** Resumes attached to the new candidates. */
  attached: number;
}) {
  const { success, duplicates, errors, unmatchedFiles } = results;
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Bulk Upload Summary"
      className="modal-wide"
    >
      <dl className="bulk-stats">
        <div className="bulk-stat bulk-stat-green">
          <dt>Added</dt>
          <dd>{success.length}</dd>
        </div>
        <div className="bulk-stat bulk-stat-amber">
          <dt>Duplicates</dt>
          <dd>{duplicates.length}</dd>
        </div>
        <div className="bulk-stat bulk-stat-red">
          <dt>Errors</dt>
          <dd>{errors.length}</dd>
        </div>
      </dl>
      {success.length > 0 ? (
        <p className="muted">
          Resumes attached to {attached} of {success.length} new candidates.
        </p>
      ) : null}
      {duplicates.length > 0 ? (
        <section aria-label="Duplicates">
          <h3 className="section-title">Duplicates</h3>
          {/* A long list scrolls: it takes the focus so that a keyboard can scroll it too. */}
          <ul className="bulk-list" tabIndex={0} aria-label="Duplicate candidates">
            {duplicates.map((d, i) => (
              <li key={`${d.row}-${i}`}>
                <strong>
                  Row {d.row}: {d.name || 'No name'}
                </strong>{' '}
                <span className="muted">{[d.email, d.phone].filter(Boolean).join(' · ')}</span>
                <div className="bulk-list-reason">{d.error}</div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {errors.length > 0 ? (
        <section aria-label="Errors">
          <h3 className="section-title">Errors</h3>
          <ul className="bulk-list" tabIndex={0} aria-label="Rows with errors">
            {errors.map((e, i) => (
              <li key={`${e.row}-${i}`}>
                <strong>
                  Row {e.row}: {e.name || 'No name'}
                </strong>{' '}
                <span className="muted">{e.email}</span>
                <div className="bulk-list-reason bulk-list-error">{e.error}</div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {unmatchedFiles.length > 0 ? (
        <section aria-label="Unmatched files">
          <h3 className="section-title">Unmatched files ({unmatchedFiles.length})</h3>
          <p className="muted">
            These files in the ZIP match no new candidate by name and were not attached to anyone.
          </p>
          <ul className="bulk-list" tabIndex={0} aria-label="Files that match no new candidate">
            {unmatchedFiles.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="dialog-actions">
        <Button onPress={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}
