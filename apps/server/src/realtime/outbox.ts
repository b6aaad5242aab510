import type { Knex } from 'knex';
import { EVENTS_REPLAY_LIMIT, type EventsResponse } from '@portal/contracts';
import { deleteUpTo, incrementCounters, jsonValue, rowsPerInsert } from '../db/dialect.ts';
import type { DomainEvent, RoomMessage, SequencedMessage } from '../events.ts';
import { routeEvent } from './routing.ts';

/**
 * Rows per INSERT on MySQL, and characters of payload at most: a bulk import's thousands of messages go in
 * a few statements of about a megabyte (well under its 16 MB packet, even for long notes in multi-byte text).
 */
const MYSQL_ROWS_PER_INSERT = 1000;
const INSERT_CHARS = 1_000_000;
/** New candidates one `candidates:created` message carries at most (about half a megabyte of JSON). */
export const CREATED_PER_MESSAGE = 500;
/** Rows per DELETE when pruning: a large backlog goes in short statements, none holding its locks long. */
export const PRUNE_CHUNK = 5000;

interface OutboxRow {
  room: string;
  seq: number | string;
  name: string;
  /** The payload as JSON; null where another room's row keeps it (`payload_room`, `payload_seq`). */
  payload: string | null;
  payload_room?: string | null;
  payload_seq?: number | null;
  created_at: Date | string | number;
}

const isoOf = (value: OutboxRow['created_at']) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Runs of `candidate:created` to one room (a bulk import's thousands) as `candidates:created` messages, each
 * where its run's first message stood: far fewer rows to number, keep and send. A run is told job by job
 * (a dashboard's run of several jobs' candidates, all committed at once, in the order their jobs first came),
 * up to CREATED_PER_MESSAGE candidates a message, each job's in their order; so a job's room and the
 * dashboard get the same messages, whose payload is kept once. One candidate stays a `candidate:created`.
 */
function batchCreated(routed: RoomMessage[]): RoomMessage[] {
  type Created = Extract<RoomMessage, { name: 'candidate:created' }>;
  type Run = { room: string; run: Created[] };
  const out: (RoomMessage | Run)[] = [];
  const open = new Map<string, Run>();
  for (const m of routed) {
    if (m.name !== 'candidate:created') {
      open.delete(m.room);
      out.push(m);
      continue;
    }
    let run = open.get(m.room);
    if (!run) {
      run = { room: m.room, run: [] };
      open.set(m.room, run);
      out.push(run);
    }
    run.run.push(m);
  }
  if (out.length === routed.length) return routed;
  const shared = new Map<string, { candidates: Created['payload'][] }>();
  return out.flatMap((m): RoomMessage[] => {
    if (!('run' in m)) return [m];
    const byJob = new Map<number, Created[]>();
    for (const c of m.run) {
      const ofJob = byJob.get(c.payload.job_id);
      if (ofJob) ofJob.push(c);
      else byJob.set(c.payload.job_id, [c]);
    }
    return [...byJob.values()].flatMap((created) => {
      const messages: RoomMessage[] = [];
      for (let i = 0; i < created.length; i += CREATED_PER_MESSAGE) {
        const part = created.slice(i, i + CREATED_PER_MESSAGE);
        if (part.length === 1) {
          messages.push(part[0]!);
          continue;
        }
        const key = part.map((c) => c.payload.id).join(',');
        let payload = shared.get(key);
        if (!payload) shared.set(key, (payload = { candidates: part.map((c) => c.payload) }));
        messages.push({ room: m.room, name: 'candidates:created', payload });
      }
      return messages;
    });
  });
}

/**
 * The event outbox (migration create-event-outbox): the messages changes send to live
 * rooms, numbered per room in the change's own transaction. Clients read them back after a reconnect that
 * Socket.IO could not recover, or when they see a gap in a room's numbers.
 */
export function createOutbox(db: Knex) {
  /** The room's latest number (0 before its first message). */
  async function latest(room: string): Promise<number> {
    const row = (await db('event_sequences').where({ room }).first('seq')) as { seq: number } | undefined;
    return Number(row?.seq ?? 0);
  }

  return {
    latest,

    /**
     * Routes the events of a unit of work to their rooms, takes a range of numbers per room (one statement
     * for all the rooms, which it locks in name order) and stores the messages, all inside `trx`. The locks
     * are the transaction's last, held only until commit.
     */
    async record(trx: Knex.Transaction, events: DomainEvent[]): Promise<SequencedMessage[]> {
      const routed = batchCreated(events.flatMap(routeEvent));
      if (routed.length === 0) return [];
      const perRoom = new Map<string, number>();
      for (const m of routed) perRoom.set(m.room, (perRoom.get(m.room) ?? 0) + 1);
      const tops = await incrementCounters(trx, {
        table: 'event_sequences',
        keyColumn: 'room',
        column: 'seq',
        by: perRoom,
      });
      // Each room's range ends at its new top: the first message takes the number after the old one.
      const next = new Map([...perRoom].map(([room, by]) => [room, tops.get(room)! - by + 1]));
      const at = new Date();
      const messages = routed.map((m) => {
        const seq = next.get(m.room)!;
        next.set(m.room, seq + 1);
        return { ...m, seq, at } as SequencedMessage;
      });
      // An event sent to several rooms shares one payload object (routing.ts): its first room's row keeps it
      // as JSON and the others name that row. The rows are made a statement at a time, so that a
      // 50,000-row import never holds all its JSON at once.
      const firstRow = new Map<unknown, { room: string; seq: number }>();
      const most = rowsPerInsert(trx, MYSQL_ROWS_PER_INSERT);
      for (let i = 0; i < messages.length;) {
        const rows: OutboxRow[] = [];
        for (let size = 0; i < messages.length && rows.length < most && size < INSERT_CHARS; i++) {
          const { room, seq, name, payload } = messages[i]!;
          const first = firstRow.get(payload);
          let json: string | null = null;
          if (!first) {
            firstRow.set(payload, { room, seq });
            json = JSON.stringify(payload);
            size += json.length;
          }
          rows.push({
            room,
            seq,
            name,
            payload: jsonValue(trx, json) as string | null,
            payload_room: first?.room ?? null,
            payload_seq: first?.seq ?? null,
            created_at: at,
          });
        }
        await trx('event_outbox').insert(rows);
      }
      return messages;
    },

    /**
     * The room's messages after `since`, in order. Numbers are given under a lock held until commit, so
     * every message up to the room's latest number is committed and readable. When one of them is gone
     * (pruned), or there are more than a client should replay, or `since` lies ahead of the room (a
     * database restored from a backup), the answer is a reset: the client fetches its screens again.
     */
    async since(room: string, since: number): Promise<EventsResponse> {
      const last = await latest(room);
      const reset = { reset: true, last, events: [] };
      if (since > last || last - since > EVENTS_REPLAY_LIMIT) return reset;
      if (since === last) return { reset: false, last, events: [] };
      const rows = (await db('event_outbox as o')
        .leftJoin('event_outbox as p', (on) =>
          on.on('p.room', 'o.payload_room').andOn('p.seq', 'o.payload_seq'),
        )
        .where('o.room', room)
        .where('o.seq', '>', since)
        .where('o.seq', '<=', last)
        .orderBy('o.seq')
        .select(
          'o.room',
          'o.seq',
          'o.name',
          db.raw('COALESCE(o.payload, p.payload) AS payload'),
          'o.created_at',
        )) as OutboxRow[];
      // A message whose payload row was pruned before it counts as gone.
      const complete =
        rows.length === last - since &&
        rows.every((r, i) => Number(r.seq) === since + 1 + i && r.payload !== null);
      if (!complete) return reset;
      return {
        reset: false,
        last,
        events: rows.map((r) => ({
          room: r.room,
          seq: Number(r.seq),
          name: r.name,
          payload: JSON.parse(r.payload!) as unknown,
          at: isoOf(r.created_at),
        })),
      };
    },

    /**
     * Forgets messages stored before `before` (the rooms' numbers go on), `PRUNE_CHUNK` rows a statement.
     * Returns how many went.
     */
    async prune(before: Date): Promise<number> {
      let total = 0;
      for (;;) {
        const gone = await deleteUpTo(
          db,
          'event_outbox',
          (q) => q.where('created_at', '<', before),
          PRUNE_CHUNK,
        );
        total += gone;
        if (gone < PRUNE_CHUNK) return total;
      }
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The live rooms' numbered messages, kept with the changes that sent them (replayed to reconnecting browsers). */
    outbox: Outbox;
  }
}
