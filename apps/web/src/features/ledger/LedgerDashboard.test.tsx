import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { formatCompactRupees, type AdminDashboard } from '@portal/contracts';
import { adminApi, asAdmin } from '../../../test/render.tsx';
import { LedgerDashboard } from './LedgerDashboard.tsx';

const session = (globalThis as unknown as { testSession: { token: string } }).testSession;

describe('ledger dashboard', () => {
  it('shows the seven figures of GET /api/dashboard/admin in compact rupees, and the monthly chart', async () => {
    session.token = asAdmin().token;
    const figures = await adminApi<AdminDashboard>('GET', '/api/dashboard/admin');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LedgerDashboard />
      </QueryClientProvider>,
    );
    const card = async (label: string) => (await screen.findByText(label)).parentElement!.textContent;
    expect(await card('Active Purchases')).toContain(String(figures.activeLoans));
    expect(await card('Total Customers')).toContain(String(figures.totalCustomers));
    expect(await card('Available Funds')).toContain(formatCompactRupees(figures.totalAvailableFunds));
    expect(await card('Income This Month')).toContain(formatCompactRupees(figures.monthlyIncome));
    expect(screen.getByRole('figure', { name: 'Income and Expenses' })).toBeTruthy();
  });
});
