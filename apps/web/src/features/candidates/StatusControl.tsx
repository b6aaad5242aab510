import { CANDIDATE_STATUS_MENU, type Candidate, type CandidateStatus } from '@portal/contracts';
import { SelectField, StatusBadge, statusLabel } from '@portal/ui';

const OPTIONS = CANDIDATE_STATUS_MENU.map((s) => ({ value: s, label: statusLabel(s) }));

/**
 * A candidate's status with the menu to change it: a rejected candidate, or one the reader
 * may not move, shows the badge alone.
 */
export function StatusControl({
  candidate,
  onChange,
  isDisabled,
}: {
  candidate: Candidate;
  onChange: (to: CandidateStatus) => void;
  isDisabled?: boolean;
}) {
  if (candidate.status === 'rejected' || !candidate.canEdit) {
    return (
      <span title={candidate.status === 'rejected' ? 'Rejected: the status can no longer change' : undefined}>
        <StatusBadge status={candidate.status} />
      </span>
    );
  }
  return (
    <div className="status-control">
      <SelectField
        label={`Status of ${candidate.name}`}
        hideLabel
        value={candidate.status}
        options={OPTIONS}
        isDisabled={isDisabled}
        onChange={onChange}
      />
    </div>
  );
}
