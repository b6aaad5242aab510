import { useQuery } from '@tanstack/react-query';
import { REVIEW_LIMITS, SHARE_TEXTS as T, type Candidate } from '@portal/contracts';
import { CheckboxField, CheckboxGroupField, ErrorBanner, NumberField, TextField } from '@portal/ui';
import { contactKeys, fetchClientContacts } from './api.ts';
import './shares.css';

/** What the share preview sets besides its candidates: who else gets a link, and what the links show. */
export interface ShareOptions {
  /** The client contacts ticked (their ids, as the check boxes hold them). */
  contactIds: string[];
  /** As typed: the preview checks it with the contract before sending. */
  expiresInDays: string;
  showContactDetails: boolean;
  allowDownload: boolean;
  /** The recruiter's note for the client, by candidate uuid. */
  notes: Record<string, string>;
}

interface OptionsProps {
  options: ShareOptions;
  onChange: (next: ShareOptions) => void;
}

/** The job's client contacts to tick: the job's client e-mail gets its link whatever is ticked here. */
export function ShareRecipients({ jobId, options, onChange }: OptionsProps & { jobId: number }) {
  const contacts = useQuery({
    queryKey: contactKeys.job(jobId),
    queryFn: ({ signal }) => fetchClientContacts(jobId, signal),
  });
  if (contacts.isError) return <ErrorBanner message={contacts.error.message} />;
  if (contacts.isPending) return null;
  const items = contacts.data.items;
  if (items.length === 0) return <p className="muted share-no-contacts">{T.noContacts}</p>;
  return (
    <CheckboxGroupField
      label={T.contactsLabel}
      options={items.map((c) => ({ value: String(c.id), label: `${c.name} <${c.email}>` }))}
      value={options.contactIds}
      onChange={(contactIds) => onChange({ ...options, contactIds })}
    />
  );
}

/** How long the links live, and whether they show contact details and let resumes be downloaded. */
export function ShareOptionsFields({
  options,
  onChange,
  expiryError,
  onExpiryEdited,
}: OptionsProps & { expiryError: string | undefined; onExpiryEdited: () => void }) {
  return (
    <fieldset className="share-options">
      <legend className="field-label">{T.optionsHeading}</legend>
      <NumberField
        label={T.expiryLabel}
        description={T.expiryHint(REVIEW_LIMITS.maxExpiryDays)}
        min={1}
        value={options.expiresInDays}
        onChange={(expiresInDays) => {
          onChange({ ...options, expiresInDays });
          onExpiryEdited();
        }}
        errorMessage={expiryError}
      />
      <CheckboxField
        label={T.showContactDetails}
        isSelected={options.showContactDetails}
        onChange={(showContactDetails) => onChange({ ...options, showContactDetails })}
      />
      <CheckboxField
        label={T.allowDownload}
        description={T.allowDownloadHint}
        isSelected={options.allowDownload}
        onChange={(allowDownload) => onChange({ ...options, allowDownload })}
      />
    </fieldset>
  );
}

/** A note for the client on each candidate sent, folded away until wanted. */
export function ShareNotes({ candidates, options, onChange }: OptionsProps & { candidates: Candidate[] }) {
  if (candidates.length === 0) return null;
  return (
    <details className="share-notes">
      <summary>{T.notesHeading}</summary>
      {candidates.map((c) => (
        <TextField
          key={c.uuid}
          label={T.noteLabel(c.name)}
          multiline
          rows={2}
          maxLength={REVIEW_LIMITS.note}
          value={options.notes[c.uuid] ?? ''}
          onChange={(note) => onChange({ ...options, notes: { ...options.notes, [c.uuid]: note } })}
        />
      ))}
    </details>
  );
}
