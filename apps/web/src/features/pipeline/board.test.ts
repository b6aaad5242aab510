import { describe, expect, it } from 'vitest';
import type { CandidateMovedEvent, PipelineCard, PipelineColumn } from '@portal/contracts';
import {
  appendPage,
  applyMoved,
  boardFromAnswer,
  compareCards,
  conflictMessage,
  daysInStage,
  dropNeighbours,
  findCard,
  putIn,
  takeOut,
  placeCard,
  reconcileBoard,
  rollBack,
  type BoardState,
} from './board.ts';

let nextId = 1;
function card(
  name: string,
  status: PipelineCard['status'],
  position: string,
  more: Partial<PipelineCard> = {},
): PipelineCard {
  const id = nextId++;
  return {
    id,
    uuid: `u-${name}`,
    name,
    status,
    position,
    version: 1,
    stage_entered_at: '2026-11-20T10:00:00.000Z',
    experience: 3,
    current_company: null,
    expected_ctc: null,
    source: 'LinkedIn',
    image_url: null,
    created_by_id: null,
    client_feedback: null,
    canEdit: true,
    ...more,
  };
}

const column = (
  status: PipelineColumn['status'],
  cards: PipelineCard[],
  total = cards.length,
  next: string | null = null,
) => ({
  status,
  total,
  cards,
  next,
});

function sample(): BoardState {
  return boardFromAnswer({
    columns: [
      column('applied', [
        card('Asha', 'applied', 'a0'),
        card('Bala', 'applied', 'a1'),
        card('Chitra', 'applied', 'a2'),
      ]),
      column('screening', [card('Dev', 'screening', 'a0')], 5, 'cursor'),
    ],
  });
}
const names = (board: BoardState, status: string) =>
  board.find((c) => c.status === status)!.cards.map((c) => c.name);
const total = (board: BoardState, status: string) => board.find((c) => c.status === status)!.total;

const moved = (uuid: string, over: Partial<CandidateMovedEvent>): CandidateMovedEvent => ({
  uuid,
  candidateId: 0,
  jobId: 1,
  from: 'applied',
  to: 'shortlisted',
  position: 'a0',
  version: 2,
  stage_entered_at: '2026-11-25T10:00:00.000Z',
  by: { id: 2, name: 'Priya' },
  at: '2026-11-25T10:00:00.000Z',
  ...over,
});

describe('the board state', () => {
  it('has every status in the required order, empty columns included', () => {
    expect(sample().map((c) => c.status)).toEqual([
      'applied',
      'screening',
      'shortlisted',
      'interviewed',
      'selected',
      'joined',
      'rejected',
    ]);
  });

  it('orders keys byte by byte (upper case first), ties by id', () => {
    expect(compareCards({ position: 'Zz', id: 9 }, { position: 'a0', id: 1 })).toBeLessThan(0);
    expect(compareCards({ position: 'a0', id: 1 }, { position: 'a0', id: 2 })).toBeLessThan(0);
  });

  it("applies a teammate's move once, in place, with both totals", () => {
    const b = sample();
    const { board, refetch } = applyMoved(b, moved('u-Bala', { to: 'shortlisted', position: 'a0' }));
    expect(refetch).toBe(false);
    expect(names(board, 'applied')).toEqual(['Asha', 'Chitra']);
    expect(names(board, 'shortlisted')).toEqual(['Bala']);
    expect([total(board, 'applied'), total(board, 'shortlisted')]).toEqual([2, 1]);
    // The same message again (read back after a reconnect) changes nothing.
    expect(applyMoved(board, moved('u-Bala', { to: 'shortlisted', position: 'a0' })).board).toBe(board);
  });

  it('moves within a column by position, and ignores an older message after a newer one', () => {
    const first = applyMoved(sample(), moved('u-Asha', { to: 'applied', position: 'a3', version: 3 })).board;
    expect(names(first, 'applied')).toEqual(['Bala', 'Chitra', 'Asha']);
    const stale = applyMoved(first, moved('u-Asha', { to: 'screening', position: 'Zz', version: 2 })).board;
    expect(stale).toBe(first);
  });

  it('asks for a refetch when the moved card is not loaded here', () => {
    expect(applyMoved(sample(), moved('u-Nobody', {})).refetch).toBe(true);
  });

  it('counts, without showing, a card that lands past the loaded cards of a column with more pages', () => {
    const { board } = applyMoved(sample(), moved('u-Asha', { to: 'screening', position: 'b5' }));
    expect(names(board, 'screening')).toEqual(['Dev']);
    expect(total(board, 'screening')).toBe(6);
    expect(findCard(board, 'u-Asha')).toBeUndefined();
  });

  it("adds a column's next page without repeating a card already shown", () => {
    const b = sample();
    const dev = b[1]!.cards[0]!;
    const page = { cards: [dev, card('Esha', 'screening', 'a5')], next: null };
    const board = appendPage(b, 'screening', page);
    expect(names(board, 'screening')).toEqual(['Dev', 'Esha']);
    expect(board[1]!.next).toBeNull();
    expect(board[0]).toBe(b[0]);
  });
});

describe('dropping a card', () => {
  const cards = () => sample()[0]!.cards;

  it('names the neighbours of a drop before or after a card', () => {
    expect(dropNeighbours(cards(), 'u-Dev', { key: 'u-Bala', dropPosition: 'before' })).toEqual({
      before: 'u-Bala',
      after: 'u-Asha',
    });
    expect(dropNeighbours(cards(), 'u-Dev', { key: 'u-Chitra', dropPosition: 'after' })).toEqual({
      after: 'u-Chitra',
    });
    expect(dropNeighbours(cards(), 'u-Dev', { key: 'u-Asha', dropPosition: 'before' })).toEqual({
      before: 'u-Asha',
    });
  });

  it('leaves the moving card out of its own neighbours (a reorder)', () => {
    expect(dropNeighbours(cards(), 'u-Asha', { key: 'u-Chitra', dropPosition: 'after' })).toEqual({
      after: 'u-Chitra',
    });
    expect(dropNeighbours(cards(), 'u-Chitra', { key: 'u-Bala', dropPosition: 'before' })).toEqual({
      before: 'u-Bala',
      after: 'u-Asha',
    });
  });

  it('on an empty column names no neighbour; on a column, the last card shown', () => {
    expect(dropNeighbours([], 'u-Asha', {})).toEqual({});
    expect(dropNeighbours(cards(), 'u-Dev', {})).toEqual({ after: 'u-Chitra' });
  });

  it('moves at once between its neighbours with a key that sorts there, and rolls back when refused', () => {
    const b = sample();
    const original = findCard(b, 'u-Asha')!;
    const optimistic = putIn(b, original, 'screening', { before: 'u-Dev' });
    expect(names(optimistic, 'applied')).toEqual(['Bala', 'Chitra']);
    expect(names(optimistic, 'screening')).toEqual(['Asha', 'Dev']);
    expect(findCard(optimistic, 'u-Asha')!.position < 'a0').toBe(true);
    expect([total(optimistic, 'applied'), total(optimistic, 'screening')]).toEqual([2, 6]);

    const back = rollBack(optimistic, original);
    expect(names(back, 'applied')).toEqual(['Asha', 'Bala', 'Chitra']);
    expect(names(back, 'screening')).toEqual(['Dev']);
    expect([total(back, 'applied'), total(back, 'screening')]).toEqual([3, 5]);
  });

  it('lands the same in two steps (out of its column, then into the new one) as in one', () => {
    const b = sample();
    const card = findCard(b, 'u-Asha')!;
    const out = takeOut(b, 'u-Asha');
    expect(findCard(out, 'u-Asha')).toBeUndefined();
    expect([total(out, 'applied'), total(out, 'screening')]).toEqual([2, 5]);
    expect(putIn(out, card, 'screening', { before: 'u-Dev' })).toEqual(
      putIn(b, card, 'screening', { before: 'u-Dev' }),
    );
  });

  it("takes the server's answer over the optimistic copy, and a rollback never undoes a newer move", () => {
    const b = sample();
    const original = findCard(b, 'u-Asha')!;
    const optimistic = putIn(b, original, 'shortlisted', {});
    const answered = placeCard(optimistic, {
      ...original,
      status: 'shortlisted',
      position: 'a0',
      version: 2,
    });
    expect(names(answered, 'shortlisted')).toEqual(['Asha']);
    expect(total(answered, 'shortlisted')).toBe(1);
    // A teammate's later move came first: the refusal's rollback leaves it.
    const theirs = applyMoved(optimistic, moved('u-Asha', { to: 'selected', version: 5 })).board;
    expect(rollBack(theirs, original)).toBe(theirs);
  });

  it('puts a conflicting card where it really is, with who moved it and when', () => {
    const b = putIn(sample(), findCard(sample(), 'u-Bala')!, 'joined', {});
    const current = {
      ...findCard(sample(), 'u-Bala')!,
      status: 'interviewed' as const,
      position: 'a0',
      version: 4,
    };
    const board = placeCard(b, current);
    expect(names(board, 'joined')).toEqual([]);
    expect(names(board, 'interviewed')).toEqual(['Bala']);
    expect(total(board, 'joined')).toBe(0);
    const now = Date.parse('2026-11-25T10:00:20Z');
    expect(conflictMessage({ current, changed_by: 'Priya', changed_at: '2026-11-25T10:00:00Z' }, now)).toBe(
      'Priya moved Bala to Interviewed a moment ago',
    );
    expect(conflictMessage({ current, changed_by: null, changed_at: '2026-11-25T09:55:00Z' }, now)).toBe(
      'Someone moved Bala to Interviewed 5 minutes ago',
    );
  });

  it('counts whole days in the stage', () => {
    expect(daysInStage('2026-11-22T10:00:00Z', Date.parse('2026-11-25T09:00:00Z'))).toBe(2);
    expect(daysInStage('2026-11-25T10:00:00Z', Date.parse('2026-11-25T09:00:00Z'))).toBe(0);
  });
});

describe('a board read again', () => {
  it('keeps the objects of unchanged cards and columns', () => {
    const first = sample();
    const again = sample().map((c) => ({
      ...c,
      cards: c.cards.map((card) => ({ ...card, id: findCard(first, card.uuid)!.id })),
    }));
    again[1] = { ...again[1]!, total: 7 };
    const merged = reconcileBoard(first, again);
    expect(merged[0]).toBe(first[0]);
    expect(merged[1]).not.toBe(first[1]);
    expect(merged[1]!.cards[0]).toBe(first[1]!.cards[0]);
  });
});
