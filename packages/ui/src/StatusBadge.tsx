const TONE: Record<string, string> = {
  active: 'green',
  applied: 'blue',
  screening: 'amber',
  shortlisted: 'blue',
  interviewed: 'amber',
  hold: 'grey',
  selected: 'green',
  joined: 'green',
  draft: 'amber',
  inactive: 'grey',
  closed: 'red',
  archived: 'grey',
  expired: 'red',
  rejected: 'red',
  deleted: 'red',
};

export type BadgeTone = 'green' | 'amber' | 'red' | 'grey' | 'blue';

/** A coloured label for a status value; `tone` overrides the usual colour of the status. */
export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: BadgeTone }) {
  return (
    <span className={`badge badge-${tone ?? TONE[status.toLowerCase()] ?? 'blue'}`}>{label ?? status}</span>
  );
}
