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

/**
 * How a stored status value reads on a badge: its first letter capital, the rest as stored ("shortlisted"
 * → "Shortlisted", "on_hold" → "On hold"). Written into the text rather than left to CSS, so that what a
 * screen reader says and what a copy pastes is what the eye sees.
 */
export const statusLabel = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A coloured label for a status value, in one capitalisation everywhere (`statusLabel`); `label` is for a
 * value that has its own display words (an expense type), `tone` overrides the usual colour of the status.
 */
export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: BadgeTone }) {
  return (
    <span className={`badge badge-${tone ?? TONE[status.toLowerCase()] ?? 'blue'}`}>
      {label ?? statusLabel(status)}
    </span>
  );
}
