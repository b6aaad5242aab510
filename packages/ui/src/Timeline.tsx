export interface TimelineEntry {
  id: string | number;
  title: string;
  when: string;
  details?: string[];
  /** A file or page the entry refers to (a resume sent with an application). */
  link?: { href: string; label: string };
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
          {e.link ? (
            <a className="timeline-detail" href={e.link.href} target="_blank" rel="noreferrer">
              {e.link.label}
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
