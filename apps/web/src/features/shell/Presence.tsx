import { LIVE_MESSAGES } from '@portal/contracts';
import { Avatar } from '@portal/ui';
import { usePresence } from '../../lib/live.ts';
import { useSessionUser } from '../../lib/session.ts';

/** The other people viewing this job right now (the job's room, across nodes), as avatars with names. */
export function Presence({ jobId }: { jobId: number | undefined }) {
  const me = useSessionUser();
  const others = usePresence(jobId).filter((v) => v.userId !== me?.id);
  if (others.length === 0) return null;
  const names = others.map((v) => v.name).join(', ');
  return (
    <div className="presence">
      <span className="sr-only">{`${LIVE_MESSAGES.viewing}: ${names}`}</span>
      <span className="muted" aria-hidden>
        {LIVE_MESSAGES.viewing}
      </span>
      <span className="presence-avatars" aria-hidden>
        {others.map((v) => (
          <span key={v.userId} title={v.name} data-viewer={v.name}>
            <Avatar name={v.name} photo={null} />
          </span>
        ))}
      </span>
    </div>
  );
}
