const TONE: Record<string, string> = {
  active: 'green',
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

/** A coloured label for a status value. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`badge badge-${TONE[status.toLowerCase()] ?? 'blue'}`}>{label ?? status}</span>;
}
