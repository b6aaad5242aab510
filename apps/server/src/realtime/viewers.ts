import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { rooms } from './rooms.ts';
import { createPresence, PRESENCE_HEARTBEAT_MS } from './presence.ts';
import type { RealtimeServer, RealtimeSocket } from './types.ts';

/**
 * Joins and leaves of one job within this window make one `presence` message: each is sent to everyone in
 * the room, so announcing every join of 1,000 viewers arriving together would be half a million messages.
 */
const PRESENCE_COALESCE_MS = 200;
const VIEWERS_PREFIX = rooms.jobViewers(0).slice(0, -1);

/** The jobs a socket views (its viewers' rooms). */
const viewedJobs = (socket: RealtimeSocket) =>
  [...socket.rooms]
    .filter((r) => r.startsWith(VIEWERS_PREFIX))
    .map((r) => Number(r.slice(VIEWERS_PREFIX.length)));

/**
 * Who views which job, and telling the job's viewers (`presence`): counted per node, shared through Redis
 * (presence.ts); never by listing sockets. Announcements are coalesced per job.
 */
export function createViewers({
  io,
  redis,
  log,
}: {
  io: RealtimeServer;
  redis: Redis | null;
  log: FastifyBaseLogger;
}) {
  const presenceFailed = (error: unknown) => log.warn({ err: error }, 'presence not stored');
  const presence = createPresence(redis, presenceFailed);
  /**
   * Per job: the pending announcement, whether its viewers may have changed since the last one, and the
   * sockets that joined since (they have no list yet). With 10,000 sockets of a few users arriving, most
   * joins change nothing: the list goes to the newcomers only, not to the whole room again.
   */
  const presenceDue = new Map<number, { timer: NodeJS.Timeout; changed: boolean; newcomers: Set<string> }>();
  let closing = false;
  let heartbeat: NodeJS.Timeout | undefined;

  /** Who is viewing a job now, across nodes (each user once): to the job's room (every node) when it may
   * have changed, else to this node's newcomers. */
  async function announcePresence(jobId: number, changed: boolean, newcomers: Set<string> = new Set()) {
    const message = { jobId, viewers: await presence.viewers(jobId) };
    if (changed) io.to(rooms.jobViewers(jobId)).emit('presence', message);
    else if (newcomers.size) io.local.to([...newcomers]).emit('presence', message);
  }

  function schedulePresence(
    jobId: number,
    { changed = false, newcomer }: { changed?: boolean; newcomer?: string },
  ) {
    if (closing) return;
    let due = presenceDue.get(jobId);
    if (!due) {
      const announce = () => {
        presenceDue.delete(jobId);
        announcePresence(jobId, due!.changed, due!.newcomers).catch((error: unknown) =>
          log.debug({ err: error }, 'presence not announced'),
        );
      };
      due = { timer: setTimeout(announce, PRESENCE_COALESCE_MS), changed, newcomers: new Set() };
      presenceDue.set(jobId, due);
    }
    due.changed ||= changed;
    if (newcomer) due.newcomers.add(newcomer);
  }
  const viewing = (socket: RealtimeSocket, jobId: number) =>
    schedulePresence(jobId, { changed: presence.join(jobId, socket.data.user), newcomer: socket.id });
  const stoppedViewing = (socket: RealtimeSocket, jobId: number) => {
    if (presence.leave(jobId, socket.data.user.id)) schedulePresence(jobId, { changed: true });
  };

  // This node is alive; the viewers of nodes that stopped without saying so (a crash) go.
  const beat = async () =>
    (await presence.heartbeat()).forEach((jobId) => schedulePresence(jobId, { changed: true }));

  return {
    /** Starts the heartbeat (with Redis) and takes the first beat. */
    async start() {
      heartbeat = redis
        ? setInterval(() => void beat().catch(presenceFailed), PRESENCE_HEARTBEAT_MS).unref()
        : undefined;
      await beat().catch(presenceFailed);
    },

    /** The socket views these jobs again (Socket.IO recovered it, back in its rooms without asking). */
    recovered(socket: RealtimeSocket) {
      viewedJobs(socket).forEach((jobId) => viewing(socket, jobId));
    },

    /**
     * Whether the socket shows as viewing the job (its screens or a candidate's), not only following its
     * changes: a list of candidates across jobs follows many jobs and views none of them.
     */
    show(socket: RealtimeSocket, jobId: number, view: boolean) {
      const room = rooms.jobViewers(jobId);
      if (view === socket.rooms.has(room)) return;
      if (view) {
        void socket.join(room);
        viewing(socket, jobId);
      } else {
        void socket.leave(room);
        stoppedViewing(socket, jobId);
      }
    },

    /** The socket goes (still in its rooms): the others viewing its jobs see who is still there. */
    disconnecting(socket: RealtimeSocket) {
      viewedJobs(socket).forEach((jobId) => stoppedViewing(socket, jobId));
    },

    /**
     * No more announcements; this node's viewers go now, not when its heartbeat would have expired, and
     * the other nodes' sockets in those rooms hear who is left.
     */
    async close() {
      closing = true;
      clearInterval(heartbeat);
      presenceDue.forEach((due) => clearTimeout(due.timer));
      await presence
        .close()
        .then((jobs) => Promise.all(jobs.map((jobId) => announcePresence(jobId, true))))
        .catch(presenceFailed);
    },
  };
}
export type Viewers = ReturnType<typeof createViewers>;
