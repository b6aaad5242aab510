import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as M } from '@portal/contracts';
import { RejectionDialog, type Rejection } from '@portal/ui';

function setup() {
  const calls: { confirmed: Rejection[]; cancelled: number } = { confirmed: [], cancelled: 0 };
  render(
    <RejectionDialog
      isOpen
      candidateName="Asha Menon"
      onCancel={() => calls.cancelled++}
      onConfirm={(r) => calls.confirmed.push(r)}
    />,
  );
  return calls;
}

describe('rejection dialog', () => {
  it('needs a reason, a stage and comments before it rejects', async () => {
    const calls = setup();
    expect(screen.getByRole('dialog', { name: 'Reject Candidate' })).toBeTruthy();
    expect(screen.getByText('Why is Asha Menon being rejected?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Candidate' }));
    expect(screen.getByText(M.rejectionReasonRequired)).toBeTruthy();
    expect(screen.getByText(M.rejectionStageRequired)).toBeTruthy();
    expect(screen.getByText(M.rejectionCommentsRequired)).toBeTruthy();
    expect(calls.confirmed).toHaveLength(0);

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /^Rejection Reason/ }),
      'Experience Gap',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Rejection Stage/ }), 'HR Round');
    await userEvent.type(screen.getByRole('textbox', { name: /^Comments/ }), '  Needs more years  ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject Candidate' }));
    expect(calls.confirmed).toEqual([
      { reason: 'Experience Gap', stage: 'HR Round', comments: 'Needs more years' },
    ]);
  });

  it('offers the required reasons and stages, and Cancel rejects nobody', async () => {
    const calls = setup();
    const reasons = screen.getByRole('combobox', { name: /^Rejection Reason/ });
    expect([...reasons.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select a reason',
      'Skills Mismatch',
      'Experience Gap',
      'Salary Expectations',
      'Cultural Fit',
      'Background Check',
      'Communication Skills',
      'Other',
    ]);
    const stages = screen.getByRole('combobox', { name: /^Rejection Stage/ });
    expect([...stages.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select the stage',
      'Initial Screening',
      'Technical Round',
      'HR Round',
      'Final Round',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.cancelled).toBe(1);
    expect(calls.confirmed).toHaveLength(0);
  });

  it("opens with what it is given (a client's reason), which the person may change", async () => {
    const confirmed: Rejection[] = [];
    render(
      <RejectionDialog
        isOpen
        candidateName="Asha Menon"
        initial={{ reason: 'Salary Expectations' }}
        onCancel={() => {}}
        onConfirm={(r) => confirmed.push(r)}
      />,
    );
    const reason = screen.getByRole('combobox', { name: /^Rejection Reason/ }) as HTMLSelectElement;
    expect(reason.value).toBe('Salary Expectations');
    expect((screen.getByRole('combobox', { name: /^Rejection Stage/ }) as HTMLSelectElement).value).toBe('');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Rejection Stage/ }), 'Final Round');
    await userEvent.type(screen.getByRole('textbox', { name: /^Comments/ }), 'Client: over budget');
    await userEvent.click(screen.getByRole('button', { name: 'Reject Candidate' }));
    expect(confirmed).toEqual([
      { reason: 'Salary Expectations', stage: 'Final Round', comments: 'Client: over budget' },
    ]);
  });
});
