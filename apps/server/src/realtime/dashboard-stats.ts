import type { DomainEvent } from '@portal/contracts';

/** The events that move the recruitment dashboard's figures. */
const RECRUITMENT_EVENTS = new Set<DomainEvent['name']>([
  'job.changed',
  'candidate.created',
  'candidate.status_changed',
  'candidate.deleted',
  'candidate.updated',
]);
export const movesRecruitmentFigures = (event: DomainEvent) =>
  RECRUITMENT_EVENTS.has(event.name) ||
  // A move on the board changes the figures when it changes the status (a place in a column does not).
  (event.name === 'candidate.moved' && event.payload.from !== event.payload.to);
/** The admin dashboard's ledger figures move with loans, instalments and expenses. */
export const movesLedgerFigures = (event: DomainEvent) => event.name === 'ledger.changed';

/**
 * Coalesces dashboard recomputation: the first change that moves the figures starts a timer;
 * changes that arrive before it fires ride along; when it fires the figures are computed once and sent.
 * A burst of 1,000 changes therefore costs a handful of messages (at most one per `delayMs`), and the
 * last message always follows the last change.
 */
export function createFiguresCoalescer(options: {
  delayMs: number;
  /** Whether an event moves the figures. */
  moves: (event: DomainEvent) => boolean;
  send: () => Promise<void>;
  onError: (error: unknown) => void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function fire() {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = options
      .send()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
  }
  function schedule() {
    timer ??= setTimeout(fire, options.delayMs);
  }

  return {
    /** Takes note of an event; schedules a recomputation when it moves the figures. */
    observe(event: DomainEvent) {
      if (options.moves(event)) schedule();
    },
    async close() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
