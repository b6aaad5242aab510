import type { FastifyInstance } from 'fastify';
import { DASHBOARD_STATS_COALESCE_MS, type DomainEvent } from '@portal/contracts';
import { rooms } from './rooms.ts';
import { createFiguresCoalescer, movesLedgerFigures, movesRecruitmentFigures } from './dashboard-stats.ts';
import type { RealtimeServer } from './types.ts';

/** The dashboards' figures, recomputed once per burst of changes and sent to their rooms. */
export function createDashboardFigures({ app, io }: { app: FastifyInstance; io: RealtimeServer }) {
  const onError = (error: unknown) => app.log.warn({ err: error }, 'dashboard figures not sent');
  /**
   * Whether anyone may be watching `room`: on one node, whether it has a socket there (its queries are
   * not run for nobody, e.g. while a thousand boards watch a job and no dashboard is open); with Redis,
   * other nodes' sockets are not known here, so always.
   */
  const watched = (room: string) => Boolean(app.redis) || (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
  const coalesce = (moves: (event: DomainEvent) => boolean, send: () => Promise<void>) =>
    createFiguresCoalescer({ delayMs: DASHBOARD_STATS_COALESCE_MS, moves, send, onError });
  const coalescers = [
    coalesce(movesRecruitmentFigures, async () => {
      if (!watched(rooms.dashboard)) return;
      io.to(rooms.dashboard).emit('dashboard:stats', await app.services.dashboards.recruitment());
    }),
    coalesce(movesLedgerFigures, async () => {
      if (!watched(rooms.ledger)) return;
      io.to(rooms.ledger).emit('ledger:stats', await app.services.ledger.adminDashboard());
    }),
  ];
  return {
    /** Takes note of an event: the figures it moves are sent again soon. */
    observe(event: DomainEvent) {
      for (const coalescer of coalescers) coalescer.observe(event);
    },
    /** No more recomputations; waits for the ones running. */
    async close() {
      await Promise.all(coalescers.map((c) => c.close()));
    },
  };
}
export type DashboardFigures = ReturnType<typeof createDashboardFigures>;
