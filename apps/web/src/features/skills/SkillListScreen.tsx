import { useCallback, useState } from 'react';
import { usePagedList } from '../../lib/usePagedList.ts';
import { Link } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, SKILL_MESSAGES, type Skill } from '@portal/contracts';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Pager,
  SearchField,
  StatusBadge,
  toast,
  type Column,
} from '@portal/ui';
import { useSearchBox } from '../../lib/useDebounced.ts';
import { failureMessage } from '../../lib/formErrors.ts';
import { deleteSkill, fetchSkills, skillKeys } from './api.ts';
import type { SkillArea } from './paths.ts';

export interface SkillListScreenProps {
  title: string;
  search: string;
  page: number;
  /** Keeps search and page in the URL, so a filtered list can be bookmarked and reloaded. */
  onParamsChange: (params: { search: string; page: number }) => void;
  addPath: SkillArea['addPath'];
  /** The edit route (its `$id` is the skill's). */
  editPath: SkillArea['editPath'];
}

export function SkillListScreen({
  title,
  search,
  page,
  onParamsChange,
  addPath,
  editPath,
}: SkillListScreenProps) {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useSearchBox(search, (text) =>
    onParamsChange({ search: text, page: 1 }),
  );
  const [pendingDelete, setPendingDelete] = useState<Skill | null>(null);

  const stepBack = useCallback(
    (to: number) => onParamsChange({ search, page: to }),
    [search, onParamsChange],
  );
  const list = usePagedList({
    queryKey: skillKeys.list(search, page),
    fetchPage: (signal) => fetchSkills(search, page, signal),
    page,
    onStepBack: stepBack,
    failedMessage: SKILL_MESSAGES.fetchFailed,
  });

  const remove = useMutation({
    mutationFn: (skill: Skill) => deleteSkill(skill.id),
    onSuccess: async () => {
      toast.success(SKILL_MESSAGES.deleted);
      setPendingDelete(null);
      await queryClient.invalidateQueries({ queryKey: skillKeys.all });
    },
    // A refusal (jobs use the skill) is said inside the dialog: ConfirmDialog's errorMessage.
  });
  const refusal = failureMessage(remove.error, SKILL_MESSAGES.deleteFailed);

  const columns: Column<Skill>[] = [
    { key: 'id', header: 'ID', render: (s) => s.id },
    { key: 'name', header: 'Name', render: (s) => <strong>{s.name}</strong> },
    {
      key: 'description',
      header: 'Description',
      render: (s) => s.description || <span className="muted">—</span>,
    },
    { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (s) => (
        <div className="row-actions">
          <Link
            to={editPath}
            params={{ id: s.id }}
            className="btn btn-secondary btn-sm"
            aria-label={`Edit ${s.name}`}
          >
            Edit
          </Link>
          <Button
            variant="danger"
            size="sm"
            aria-label={`Delete ${s.name}`}
            onPress={() => setPendingDelete(s)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{title}</h1>
        <Link to={addPath} className="btn btn-primary btn-md">
          Add Skill
        </Link>
      </div>
      <div className="toolbar">
        <SearchField
          label="Search skills"
          placeholder="Search skills by name..."
          value={searchText}
          onChange={setSearchText}
        />
      </div>
      <DataTable
        caption={title}
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(s) => s.id}
        isLoading={list.isPending}
        loadingText="Loading skills..."
        emptyTitle={search ? 'No skills match your search' : 'No skills yet'}
        emptyHint={search ? 'Try another name.' : 'Add the first skill to the catalogue.'}
      />
      <Pager
        page={page}
        pageSize={list.data?.pageSize ?? PAGE_SIZES.skills}
        total={list.data?.total ?? 0}
        onPageChange={(p) => onParamsChange({ search, page: p })}
      />
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        title="Delete skill"
        message={SKILL_MESSAGES.confirmDelete}
        isPending={remove.isPending}
        errorMessage={refusal}
        onCancel={() => {
          setPendingDelete(null);
          remove.reset();
        }}
        onConfirm={() => pendingDelete && remove.mutate(pendingDelete)}
      />
    </section>
  );
}
