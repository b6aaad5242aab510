import type { Knex } from 'knex';
import { Compile } from 'typebox/compile';
import { CardFocusRequest, PIPELINE_MESSAGES, type Ack, type CardFocusEvent } from '@portal/contracts';
import { rooms } from './rooms.ts';

/** What the focus handlers need of a socket (the realtime plugin's sockets). */
interface FocusSocket {
  id: string;
  rooms: Set<string>;
  data: { user: { id: number; name: string } };
  to(room: string): { emit(name: 'card:focus' | 'card:blur', payload: CardFocusEvent): unknown };
}

/** The contract's check of a `card:focus` / `card:blur` payload, compiled once: it runs for every focus and blur. */
const requestCheck = Compile(CardFocusRequest);
const isRequest = (payload: unknown): payload is CardFocusRequest => requestCheck.Check(payload);

/**
 * Which card of a job each teammate looks at or drags (`card:focus` / `card:blur`): passed on to the job's
 * room (every node, through the adapter) except the sender, never numbered or kept: a client that missed
 * one simply sees the next. A socket shows at most one card per job; its focus goes when it asks, when it
 * leaves the job's room, and when it disconnects. Only a socket in the job's room (which a joining socket
 * enters only if it may view the job) may say what it looks at there, and only a card of that job: the
 * others would otherwise be shown a card of another job, one they may not see, on this job's board.
 */
export function createCardFocus(db: Knex) {
  /** Per socket: the card it shows per job. Dropped with the socket. */
  const focused = new WeakMap<FocusSocket, Map<number, CardFocusEvent>>();
  /**
   * Per socket: its last focus or blur, which the next one waits for. A focus reads the database before
   * it is passed on, so without this a blur sent after it could be applied first and leave the card shown.
   */
  const pending = new WeakMap<FocusSocket, Promise<unknown>>();
  const inTurn = <T>(socket: FocusSocket, work: () => T | Promise<T>): Promise<T> => {
    const done = (pending.get(socket) ?? Promise.resolve()).then(work);
    pending.set(
      socket,
      done.catch(() => {}),
    );
    return done;
  };

  const isCardOfJob = async (uuid: string, jobId: number) =>
    Boolean(await db('candidates').where({ uuid, job_id: jobId }).first('id'));

  const send = (socket: FocusSocket, name: 'card:focus' | 'card:blur', event: CardFocusEvent) =>
    socket.to(rooms.job(event.jobId)).emit(name, event);

  function blurJob(socket: FocusSocket, jobId: number) {
    const mine = focused.get(socket);
    const was = mine?.get(jobId);
    if (!was) return;
    mine!.delete(jobId);
    send(socket, 'card:blur', { ...was, dragging: false });
  }

  /** The socket now shows this card of the job (and no longer the one it showed there before). */
  function show(socket: FocusSocket, payload: CardFocusRequest): Ack {
    const event: CardFocusEvent = {
      uuid: payload.uuid.toLowerCase(),
      jobId: payload.jobId,
      userId: socket.data.user.id,
      name: socket.data.user.name,
      dragging: payload.dragging ?? false,
    };
    const was = focused.get(socket)?.get(event.jobId);
    if (was && was.uuid !== event.uuid) blurJob(socket, event.jobId);
    let mine = focused.get(socket);
    if (!mine) focused.set(socket, (mine = new Map()));
    mine.set(event.jobId, event);
    send(socket, 'card:focus', event);
    return { ok: true };
  }

  return {
    focus(socket: FocusSocket, payload: unknown): Promise<Ack> {
      return inTurn(socket, async (): Promise<Ack> => {
        if (!isRequest(payload) || !socket.rooms.has(rooms.job(payload.jobId)))
          return { ok: false, message: PIPELINE_MESSAGES.focusRefused };
        if (!(await isCardOfJob(payload.uuid.toLowerCase(), payload.jobId)))
          return { ok: false, message: PIPELINE_MESSAGES.focusNotOnBoard };
        // It may have left the room (or gone) while the card was read.
        if (!socket.rooms.has(rooms.job(payload.jobId)))
          return { ok: false, message: PIPELINE_MESSAGES.focusRefused };
        return show(socket, payload);
      });
    },

    blur(socket: FocusSocket, payload: unknown): Promise<Ack> {
      return inTurn(socket, (): Ack => {
        if (!isRequest(payload) || !socket.rooms.has(rooms.job(payload.jobId)))
          return { ok: false, message: PIPELINE_MESSAGES.focusRefused };
        if (focused.get(socket)?.get(payload.jobId)?.uuid === payload.uuid.toLowerCase())
          blurJob(socket, payload.jobId);
        return { ok: true };
      });
    },

    /** The socket leaves a job's room: its card there is no longer looked at. */
    leftJob: blurJob,

    /** The socket goes (while still in its rooms): every card it showed is blurred. */
    disconnecting(socket: FocusSocket) {
      for (const jobId of [...(focused.get(socket)?.keys() ?? [])]) blurJob(socket, jobId);
    },
  };
}
