import { useState } from 'react';
import { CANDIDATE_MESSAGES, REJECTION_REASONS, REJECTION_STAGES } from '@portal/contracts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { TextField } from './fields.tsx';
import { SelectField } from './SelectField.tsx';

export interface Rejection {
  reason: (typeof REJECTION_REASONS)[number];
  stage: (typeof REJECTION_STAGES)[number];
  comments: string;
}

export interface RejectionDialogProps {
  isOpen: boolean;
  /** Who is being rejected, named in the dialog. */
  candidateName: string;
  isPending?: boolean;
  /** Cancel: nothing changes. */
  onCancel: () => void;
  onConfirm: (rejection: Rejection) => void;
  /** What the dialog opens with (a client's "not a fit" reason), for the person to confirm or change. */
  initial?: Partial<Rejection>;
}

const REASONS = REJECTION_REASONS.map((r) => ({ value: r, label: r }));
const STAGES = REJECTION_STAGES.map((s) => ({ value: s, label: s }));

type Draft = { reason: Rejection['reason'] | ''; stage: Rejection['stage'] | ''; comments: string };
const EMPTY: Draft = { reason: '', stage: '', comments: '' };

/** The rejection dialog: reason, stage and comments, all required; rejects only on confirm. */
export function RejectionDialog({
  isOpen,
  candidateName,
  isPending,
  onCancel,
  onConfirm,
  initial,
}: RejectionDialogProps) {
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, ...initial }));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [wasOpen, setWasOpen] = useState(isOpen);
  // Each opening starts blank, or from what it was opened with.
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setDraft({ ...EMPTY, ...initial });
      setErrors({});
    }
  }
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function confirm() {
    const found: Partial<Record<keyof Draft, string>> = {};
    if (!draft.reason) found.reason = CANDIDATE_MESSAGES.rejectionReasonRequired;
    if (!draft.stage) found.stage = CANDIDATE_MESSAGES.rejectionStageRequired;
    if (!draft.comments.trim()) found.comments = CANDIDATE_MESSAGES.rejectionCommentsRequired;
    setErrors(found);
    if (draft.reason && draft.stage && draft.comments.trim()) {
      onConfirm({ reason: draft.reason, stage: draft.stage, comments: draft.comments.trim() });
    }
  }

  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} title="Reject Candidate">
      <p className="dialog-message">Why is {candidateName} being rejected?</p>
      <SelectField
        label="Rejection Reason"
        isRequired
        value={draft.reason}
        placeholder="Select a reason"
        options={REASONS}
        onChange={(v) => set('reason', v)}
        errorMessage={errors.reason}
      />
      <SelectField
        label="Rejection Stage"
        isRequired
        value={draft.stage}
        placeholder="Select the stage"
        options={STAGES}
        onChange={(v) => set('stage', v)}
        errorMessage={errors.stage}
      />
      <TextField
        label="Comments"
        isRequired
        multiline
        rows={3}
        value={draft.comments}
        onChange={(v) => set('comments', v)}
        errorMessage={errors.comments}
      />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
          Cancel
        </Button>
        <Button variant="danger" onPress={() => !isPending && confirm()}>
          {isPending ? 'Rejecting...' : 'Reject Candidate'}
        </Button>
      </div>
    </Dialog>
  );
}
