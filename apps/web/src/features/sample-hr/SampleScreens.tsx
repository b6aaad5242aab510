import { useState, type ReactNode } from 'react';
import { MONTH_NAMES, PAGE_SIZES, REPORT_YEARS, SAMPLE_DATA_NOTE, formatRupees } from '@portal/contracts';
import { Button, DataTable, Pager, SelectField, type Column } from '@portal/ui';

/** The template's fixed employees (the sample screens call nothing). */
const EMPLOYEES = [
  { nik: 'EMP001', name: 'Rahul Verma', gender: 'Male', position: 'Manager', basic: 55000, allowance: 8000 },
  {
    nik: 'EMP002',
    name: 'Sneha Iyer',
    gender: 'Female',
    position: 'HR Executive',
    basic: 32000,
    allowance: 4000,
  },
  { nik: 'EMP003', name: 'Arjun Nair', gender: 'Male', position: 'Developer', basic: 48000, allowance: 6000 },
  {
    nik: 'EMP004',
    name: 'Priya Sharma',
    gender: 'Female',
    position: 'Telecaller',
    basic: 18000,
    allowance: 2000,
  },
  {
    nik: 'EMP005',
    name: 'Vikram Singh',
    gender: 'Male',
    position: 'Team Lead',
    basic: 52000,
    allowance: 7000,
  },
  {
    nik: 'EMP006',
    name: 'Kavya Reddy',
    gender: 'Female',
    position: 'Marketing Executive',
    basic: 30000,
    allowance: 3500,
  },
] as const;
type Employee = (typeof EMPLOYEES)[number];

const ATTENDANCE = EMPLOYEES.map((e, i) => ({ ...e, present: 22 - (i % 3), leave: i % 3, absent: i % 2 }));
const DEDUCTIONS = [
  { id: 1, name: 'Absent', amount: 500 },
  { id: 2, name: 'Late arrival', amount: 100 },
  { id: 3, name: 'Provident fund', amount: 1800 },
  { id: 4, name: 'Professional tax', amount: 200 },
  { id: 5, name: 'Health insurance', amount: 750 },
];
const gross = (e: Employee) => e.basic + e.allowance;

const MONTHS = MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }));
const YEARS = REPORT_YEARS.map((y) => ({ value: String(y), label: String(y) }));

/** A sample screen's frame: its title and the note that says the figures are examples. */
function SamplePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{title}</h1>
      </div>
      <p className="card notice-card" role="note">
        {SAMPLE_DATA_NOTE}
      </p>
      {children}
    </section>
  );
}

function MonthYear() {
  const [month, setMonth] = useState('1');
  const [year, setYear] = useState(String(REPORT_YEARS[REPORT_YEARS.length - 2]));
  return (
    <>
      <div className="toolbar-select">
        <SelectField label="Month" value={month} options={MONTHS} onChange={setMonth} />
      </div>
      <div className="toolbar-select">
        <SelectField label="Year" value={year} options={YEARS} onChange={setYear} />
      </div>
    </>
  );
}

/** A sample table: fixed rows, 4 a page, labelled as sample data. */
function SampleTable<T>({
  title,
  rows,
  columns,
  rowKey,
  filters = false,
}: {
  title: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  filters?: boolean;
}) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.sampleTables;
  return (
    <SamplePage title={title}>
      {filters ? (
        <div className="toolbar">
          <MonthYear />
        </div>
      ) : null}
      <DataTable
        caption={`${title} (sample data)`}
        columns={columns}
        rows={rows.slice((page - 1) * size, page * size)}
        rowKey={rowKey}
      />
      <Pager page={page} pageSize={size} total={rows.length} onPageChange={setPage} />
    </SamplePage>
  );
}

const nameColumns: Column<Employee>[] = [
  { key: 'nik', header: 'Employee ID', render: (e) => e.nik },
  { key: 'name', header: 'Name', render: (e) => e.name },
  { key: 'position', header: 'Position', render: (e) => e.position },
];

export const AttendanceScreen = () => (
  <SampleTable
    title="Attendance"
    filters
    rows={ATTENDANCE}
    rowKey={(e) => e.nik}
    columns={[
      ...(nameColumns as Column<(typeof ATTENDANCE)[number]>[]),
      { key: 'present', header: 'Present', render: (e) => e.present },
      { key: 'leave', header: 'Leave', render: (e) => e.leave },
      { key: 'absent', header: 'Absent', render: (e) => e.absent },
    ]}
  />
);

const salaryColumns: Column<Employee>[] = [
  ...nameColumns,
  { key: 'basic', header: 'Basic Salary', render: (e) => formatRupees(e.basic) },
  { key: 'allowance', header: 'Allowance', render: (e) => formatRupees(e.allowance) },
  { key: 'total', header: 'Total', render: (e) => formatRupees(gross(e)) },
];

export const SalaryScreen = () => (
  <SampleTable title="Salary Data" filters rows={EMPLOYEES} rowKey={(e) => e.nik} columns={salaryColumns} />
);

export const DeductionsScreen = () => (
  <SampleTable
    title="Salary Deductions"
    rows={DEDUCTIONS}
    rowKey={(d) => d.id}
    columns={[
      { key: 'name', header: 'Deduction', render: (d) => d.name },
      { key: 'amount', header: 'Amount', render: (d) => formatRupees(d.amount) },
    ]}
  />
);

export const SalarySlipListScreen = () => (
  <SampleTable title="Salary Slips" filters rows={EMPLOYEES} rowKey={(e) => e.nik} columns={salaryColumns} />
);

/** A sample report form: month, year (and an employee for the slip); Print does nothing yet. */
export function SampleReportForm({ title, withEmployee = false }: { title: string; withEmployee?: boolean }) {
  const [employee, setEmployee] = useState<string>(EMPLOYEES[0].nik);
  return (
    <SamplePage title={title}>
      <form className="card form-card" aria-label={title} onSubmit={(e) => e.preventDefault()}>
        <div className="form-grid">
          <MonthYear />
          {withEmployee ? (
            <SelectField
              label="Employee"
              value={employee}
              options={EMPLOYEES.map((e) => ({ value: e.nik, label: e.name }))}
              onChange={setEmployee}
            />
          ) : null}
        </div>
        <div className="form-actions">
          <Button type="submit">Print</Button>
        </div>
      </form>
    </SamplePage>
  );
}

/** The sample deduction form (setting-potongan-gaji/form-setting-potongan-gaji). */
export const DeductionFormScreen = () => <SampleReportForm title="Deduction Setting Form" />;
