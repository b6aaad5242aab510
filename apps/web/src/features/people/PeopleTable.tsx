import { Link } from '@tanstack/react-router';
import { Checkbox } from 'react-aria-components';
import type { PersonListItem } from '@portal/contracts';
import { DataTable, type Column } from '@portal/ui';
import { ApplicationBadges } from './ApplicationBadges.tsx';
import { formatCtc, formatNotice, formatYears, orNA } from '../candidates/format.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';

/** A row's check box: the people ticked are those "Add to job" puts forward. */
function SelectBox({
  label,
  isSelected,
  onChange,
}: {
  label: string;
  isSelected: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Checkbox className="checkbox" aria-label={label} isSelected={isSelected} onChange={onChange}>
      <span className="checkbox-box" aria-hidden>
        {isSelected ? '✓' : ''}
      </span>
    </Checkbox>
  );
}

/** The people of one page, each with their applications as a status badge per job. */
export function PeopleTable({
  rows,
  isLoading,
  personPath,
  selected,
  onSelect,
}: {
  rows: PersonListItem[];
  isLoading: boolean;
  personPath: (id: number) => string;
  selected: ReadonlySet<number>;
  onSelect: (id: number, on: boolean) => void;
}) {
  const columns: Column<PersonListItem>[] = [
    {
      key: 'select',
      header: 'Select',
      className: 'col-select',
      render: (p) => (
        <SelectBox
          label={`Select ${p.name}`}
          isSelected={selected.has(p.id)}
          onChange={(on) => onSelect(p.id, on)}
        />
      ),
    },
    {
      key: 'name',
      header: 'Person',
      className: 'col-person',
      render: (p) => (
        <div>
          <Link to={personPath(p.id)}>
            <strong>{p.name}</strong>
          </Link>
          <div className="muted person-sub">{p.email}</div>
          <div className="muted person-sub">{p.phone}</div>
        </div>
      ),
    },
    {
      key: 'experience',
      header: 'Experience / Company',
      render: (p) => (
        <div>
          {formatYears(p.experience)}
          <div className="muted person-sub">{orNA(p.current_company)}</div>
        </div>
      ),
    },
    {
      key: 'ctc',
      header: 'Expected CTC / Notice',
      render: (p) => (
        <div>
          {formatCtc(p.expected_ctc)}
          <div className="muted person-sub">{formatNotice(p.notice_period)}</div>
        </div>
      ),
    },
    { key: 'location', header: 'Location', render: (p) => orNA(p.current_location) },
    {
      key: 'applications',
      header: 'Applications',
      className: 'col-apps',
      render: (p) => <ApplicationBadges name={p.name} applications={p.applications} />,
    },
  ];
  return (
    <div className="people-table">
      <DataTable
        caption={M.title}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        isLoading={isLoading}
        loadingText="Loading people..."
        emptyTitle={M.noPeople}
        emptyHint={M.adjustFilters}
      />
    </div>
  );
}
