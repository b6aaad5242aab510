import { Link } from '@tanstack/react-router';
import { PAGE_SIZES, SKILL_MESSAGES, type Skill } from '@portal/contracts';
import { Button, ListToolbar, StatusBadge, type Column } from '@portal/ui';
import { ListTable } from '../../lib/ListTable.tsx';
import { useListScreen } from '../../lib/useListScreen.ts';
import { deleteSkill, skillKeys, skillListQuery } from './api.ts';
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
  const screen = useListScreen({
    params: { search, page },
    onParamsChange,
    query: skillListQuery(search, page),
    failedMessage: SKILL_MESSAGES.fetchFailed,
    // A refusal (jobs use the skill) is said inside the dialog.
    deletion: {
      run: (skill: Skill) => deleteSkill(skill.id),
      deletedMessage: SKILL_MESSAGES.deleted,
      failedMessage: SKILL_MESSAGES.deleteFailed,
      invalidates: skillKeys.all,
    },
  });

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
            onPress={() => screen.askDelete(s)}
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
      <ListToolbar
        searchLabel="Search skills"
        searchPlaceholder="Search skills by name..."
        searchBox={screen.searchBox}
      />
      <ListTable
        screen={screen}
        caption={title}
        columns={columns}
        rowKey={(s) => s.id}
        loadingText="Loading skills..."
        emptyTitle={search ? 'No skills match your search' : 'No skills yet'}
        emptyHint={search ? 'Try another name.' : 'Add the first skill to the catalogue.'}
        pageSize={PAGE_SIZES.skills}
        deleteTitle={() => 'Delete skill'}
        deleteMessage={SKILL_MESSAGES.confirmDelete}
      />
    </section>
  );
}
