import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager } from '@portal/ui';

/** The candidates' pager when the server counted only so far (CandidatePage.totalIsLowerBound). */
function setup(props: { page: number; total: number; totalIsLowerBound?: boolean }) {
  const pages: number[] = [];
  render(<Pager pageSize={5} itemLabel="Candidates" onPageChange={(p) => pages.push(p)} {...props} />);
  return pages;
}

describe('candidates pager', () => {
  it('reads "of 1,000+" past the counted matches and lets one go on past the last counted page', async () => {
    const pages = setup({ page: 200, total: 1000, totalIsLowerBound: true });
    expect(screen.getByText('Showing 996-1000 of 1,000+ Candidates')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(false);
    await userEvent.click(next);
    expect(pages).toEqual([201]);
  });

  it('keeps the required text for an exact total, and stops on its last page', () => {
    setup({ page: 3, total: 12 });
    expect(screen.getByText('Showing 11-12 of 12 Candidates')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });
});
