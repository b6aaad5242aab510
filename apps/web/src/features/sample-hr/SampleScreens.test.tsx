import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_YEARS, SAMPLE_DATA_NOTE } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';

describe('sample HR screens', () => {
  it('attendance shows fixed sample rows 4 a page, labelled as sample data, years 2020 to 2027', async () => {
    renderApp('/admin/transaksi/data-absensi', asAdmin());
    await screen.findByRole('heading', { name: 'Attendance' });
    expect(screen.getByText(SAMPLE_DATA_NOTE)).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByText('Showing 1-4 of 6')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('Showing 5-6 of 6')).toBeTruthy();
    const years = within(screen.getByRole('combobox', { name: 'Year' })).getAllByRole('option');
    expect(years.map((o) => Number(o.textContent))).toEqual([...REPORT_YEARS]);
  });

  it('the salary slip report form picks an employee', async () => {
    renderApp('/admin/laporan/slip-gaji', asAdmin());
    await screen.findByRole('heading', { name: 'Salary Slip' });
    expect(screen.getByRole('combobox', { name: 'Employee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });
});
