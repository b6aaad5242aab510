import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CANDIDATE_MESSAGES, PAGE_SIZES } from '@portal/contracts';
import { Button, FiltersButton, ListToolbar, Pager } from '@portal/ui';
import { ExportButton } from '../../lib/ExportButton.tsx';
import { useDownload } from '../../lib/useDownload.ts';
import { useListScreen } from '../../lib/useListScreen.ts';
import { downloadPeopleExcel, peopleListQuery } from './api.ts';
import { AddToJobDialog } from './AddToJobDialog.tsx';
import type { PeopleArea } from './areas.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';
import { PeopleFilterPanel, peopleFilterCount } from './PeopleFilterPanel.tsx';
import { PeopleTable } from './PeopleTable.tsx';
import type { PeopleSearch } from './routeParams.ts';

type PeopleParams = PeopleSearch & { page: number };

/** The URL form of the list's state: page 1 and an empty search are left out. */
const searchOf = ({ page, search, ...filters }: PeopleParams): PeopleSearch => ({
  ...filters,
  search: search?.trim() ? search : undefined,
  page: page > 1 ? page : undefined,
});

/**
 * The talent pool: people across every job, searched and filtered, the state in the URL; people ticked
 * on any page are put forward for a job at once with "Add to job".
 */
export function PeopleScreen({ area }: { area: PeopleArea }) {
  const search = useSearch({ from: area.poolRoute });
  const navigate = useNavigate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const onParamsChange = useCallback(
    (p: PeopleParams) => void navigate({ to: area.poolPath, search: searchOf(p), replace: true }),
    [navigate, area.poolPath],
  );
  const screen = useListScreen({
    params: { ...search, page: search.page ?? 1 },
    onParamsChange,
    query: peopleListQuery(search),
    failedMessage: M.loadFailed,
  });
  const { list } = screen;
  const { search: _search, page: _page, ...filters } = search;
  // The list as it is filtered now, every page of it.
  const excel = useDownload(() => downloadPeopleExcel(search), {
    done: CANDIDATE_MESSAGES.excelDownloaded,
    failed: CANDIDATE_MESSAGES.excelFailed,
  });
  const select = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="page page-wide">
      <div className="page-head">
        <h1 className="page-title">{M.title}</h1>
        <div className="page-actions">
          <ExportButton
            onExport={excel.start}
            isExporting={excel.isDownloading}
            canExport={!list.isPending && (list.data?.total ?? 0) > 0}
          />
          {area.duplicatesPath && selected.size === 0 ? (
            <Link to={area.duplicatesPath} className="btn btn-secondary btn-md">
              {M.duplicatesTitle}
            </Link>
          ) : null}
          {selected.size > 0 ? (
            <>
              <span className="muted selection-count" role="status">
                {selected.size} selected
              </span>
              <Button variant="secondary" onPress={() => setSelected(new Set())}>
                Clear
              </Button>
              <Button onPress={() => setAdding(true)}>Add to job</Button>
            </>
          ) : null}
        </div>
      </div>
      <ListToolbar
        searchLabel="Search people"
        searchPlaceholder="Name, email, phone, company or job..."
        searchBox={screen.searchBox}
      >
        <FiltersButton count={peopleFilterCount(filters)} onPress={() => setFiltersOpen(true)} />
      </ListToolbar>
      <div aria-busy={list.isFetching}>
        <PeopleTable
          rows={list.data?.items ?? []}
          isLoading={list.isPending}
          personPath={area.personPath}
          selected={selected}
          onSelect={select}
        />
      </div>
      <Pager
        {...screen.pagerProps(PAGE_SIZES.people)}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        itemLabel="People"
      />

      <PeopleFilterPanel
        isOpen={filtersOpen}
        applied={filters}
        onCancel={() => setFiltersOpen(false)}
        onApply={(next) => {
          setFiltersOpen(false);
          screen.change(next);
        }}
      />
      {adding ? (
        <AddToJobDialog
          personIds={[...selected]}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            setSelected(new Set());
          }}
        />
      ) : null}
    </section>
  );
}
