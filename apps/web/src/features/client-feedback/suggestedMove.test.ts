import { describe, expect, it } from 'vitest';
import { hasReached, offeredMove, moveOffer } from './suggestedMove.ts';

describe('the move a client decision suggests', () => {
  it('offers Interviewed for "interested" only before that stage', () => {
    expect(offeredMove({ decision: 'interested', reason: null }, 'shortlisted')).toEqual({
      to: 'interviewed',
      label: 'Move to Interviewed',
    });
    expect(offeredMove({ decision: 'interested', reason: null }, 'interviewed')).toBeNull();
    expect(offeredMove({ decision: 'interested', reason: null }, 'selected')).toBeNull();
  });

  it('offers the rejection for "not a fit" with the client\'s reason, and nothing once rejected', () => {
    expect(offeredMove({ decision: 'not_a_fit', reason: 'Salary Expectations' }, 'selected')).toEqual({
      to: 'rejected',
      label: 'Reject…',
      initial: { reason: 'Salary Expectations' },
    });
    expect(offeredMove({ decision: 'not_a_fit', reason: 'Skills Mismatch' }, 'rejected')).toBeNull();
    // A reason the rejection dialog does not offer is not pre-filled.
    expect(moveOffer('rejected', 'Too far away')).toEqual({ to: 'rejected', label: 'Reject…' });
  });

  it('offers nothing for "on hold", a comment without decision, or no answer', () => {
    expect(offeredMove({ decision: 'on_hold', reason: null }, 'applied')).toBeNull();
    expect(offeredMove({ decision: null, reason: null }, 'applied')).toBeNull();
    expect(offeredMove(null, 'applied')).toBeNull();
  });

  it('knows a candidate moved there, or further, meanwhile', () => {
    expect(hasReached('selected', 'interviewed')).toBe(true);
    expect(hasReached('interviewed', 'interviewed')).toBe(true);
    expect(hasReached('screening', 'interviewed')).toBe(false);
    expect(hasReached('rejected', 'rejected')).toBe(true);
    expect(hasReached('joined', 'rejected')).toBe(false);
    // Whether a rejected candidate may still move is the server's to say.
    expect(hasReached('rejected', 'interviewed')).toBe(false);
  });
});
