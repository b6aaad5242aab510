import { useCallback } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PAGE_SIZES, USER_MESSAGES, type User } from '@portal/contracts';
import { Avatar, Button, ListToolbar, StatusBadge, ToolbarSelect, type Column } from '@portal/ui';
import { useSessionUser } from '../../lib/session.ts';
import { ListTable } from '../../lib/ListTable.tsx';
import { useListScreen } from '../../lib/useListScreen.ts';
import { deleteUser, userKeys, userListQuery, type UserListParams } from './api.ts';
import { USER_LIST_PATH, USER_LIST_ROUTE } from './paths.ts';

const STATUS_FILTER = [
  { value: '' as const, label: 'All statuses' },
  { value: 'active' as const, label: 'Active' },
  { value: 'inactive' as const, label: 'Inactive' },
];

export interface UserListScreenProps extends UserListParams {
  /** Keeps search, status and page in the URL, so a filtered list can be bookmarked and reloaded. */
  onParamsChange: (params: UserListParams) => void;
}

/** Employee Details: search by username or e-mail, status filter, 6 a page, view/edit/delete. */
export function UserListScreen({ search, status, page, onParamsChange }: UserListScreenProps) {
  const me = useSessionUser();
  const screen = useListScreen({
    params: { search, status, page },
    onParamsChange,
    query: userListQuery({ search, status, page }),
    failedMessage: USER_MESSAGES.fetchFailed,
    deletion: {
      run: (user: User) => deleteUser(user.id),
      deletedMessage: USER_MESSAGES.deleted,
      failedMessage: USER_MESSAGES.deleteFailed,
      invalidates: userKeys.all,
    },
  });

  const columns: Column<User>[] = [
    {
      key: 'name',
      header: 'Employee',
      render: (u) => (
        <div className="person">
          <Avatar name={u.name} photo={u.photo} size="md" />
          <div>
            <strong>{u.name}</strong>
            <div className="muted person-sub">
              {u.user_id} · {u.username}
            </div>
          </div>
        </div>
      ),
    },
    { key: 'email', header: 'Email', render: (u) => <span className="cell-wrap">{u.email}</span> },
    {
      key: 'work',
      header: 'Department',
      render: (u) => (
        <div>
          {u.department ?? <span className="muted">—</span>}
          {u.designation ? <div className="muted person-sub">{u.designation}</div> : null}
        </div>
      ),
    },
    { key: 'role', header: 'Role', render: (u) => <span className="capitalize">{u.role}</span> },
    { key: 'status', header: 'Status', render: (u) => <StatusBadge status={u.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (u) => (
        <div className="row-actions row-actions-nowrap">
          <Link
            to="/admin/master-data/data-pegawai/view/$userId"
            params={{ userId: u.user_id }}
            className="btn btn-secondary btn-sm"
            aria-label={`View ${u.username}`}
          >
            View
          </Link>
          <Link
            to="/admin/master-data/data-pegawai/edit/$userId"
            params={{ userId: u.user_id }}
            className="btn btn-secondary btn-sm"
            aria-label={`Edit ${u.username}`}
          >
            Edit
          </Link>
          {u.id !== me?.id ? (
            <Button
              variant="danger"
              size="sm"
              aria-label={`Delete ${u.username}`}
              onPress={() => screen.askDelete(u)}
            >
              Delete
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  const filtered = Boolean(search || status);
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">Employee Details</h1>
        <Link to="/admin/master-data/data-pegawai/form-data-pegawai" className="btn btn-primary btn-md">
          Add User
        </Link>
      </div>
      <ListToolbar
        searchLabel="Search users"
        searchPlaceholder="Search by username or email..."
        searchBox={screen.searchBox}
      >
        <ToolbarSelect
          label="Status"
          value={status ?? ''}
          options={STATUS_FILTER}
          onChange={(v) => screen.change({ status: v || undefined })}
        />
      </ListToolbar>
      <ListTable
        screen={screen}
        caption="Employee Details"
        columns={columns}
        rowKey={(u) => u.id}
        loadingText="Loading users..."
        emptyTitle={filtered ? 'No users match your search' : 'No users yet'}
        emptyHint={filtered ? 'Try another name, e-mail or status.' : 'Add the first employee.'}
        pageSize={PAGE_SIZES.users}
        deleteTitle={(u) => `Delete ${u?.name ?? 'user'}`}
        deleteMessage={USER_MESSAGES.confirmDelete}
      />
    </section>
  );
}

/** The list wired to the URL. */
export function UserListPage() {
  const { search = '', status, page = 1 } = useSearch({ from: USER_LIST_ROUTE });
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: UserListParams) =>
      void navigate({
        to: USER_LIST_PATH,
        search: { search: p.search || undefined, status: p.status, page: p.page > 1 ? p.page : undefined },
        replace: true,
      }),
    [navigate],
  );
  return <UserListScreen search={search} status={status} page={page} onParamsChange={onParamsChange} />;
}
