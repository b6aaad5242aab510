export interface TimelineEntry {
  id: string | number;
  title: string;
  when: string;
  details?: string[];
}

/** A vertical list of what happened, newest first. */
export function Timeline({ label, entries }: { label: string; entries: TimelineEntry[] }) {
  return (
    <ol className="timeline" aria-label={label}>
      {entries.map((e) => (
        <li key={e.id} className="timeline-item">
          <strong>{e.title}</strong>
          <div className="muted timeline-when">{e.when}</div>
          {e.details?.map((d) => (
            <div key={d} className="timeline-detail">
              {d}
            </div>
          ))}
        </li>
      ))}
    </ol>
  );
}
