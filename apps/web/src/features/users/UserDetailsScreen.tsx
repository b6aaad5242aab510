import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { USER_MESSAGES, USER_VIEW_STATUSES, type User, type UserRef } from '@portal/contracts';
import { Avatar, DetailList, StatusBadge } from '@portal/ui';
import { toastFailure } from '../../lib/formErrors.ts';
import { formatDate } from '../../lib/format.ts';
import { userQuery } from './api.ts';
import { USER_LIST_PATH } from './paths.ts';

/** Active, inactive or deleted; anything else reads as inactive. */
export const displayStatus = (status: string) =>
  (USER_VIEW_STATUSES as readonly string[]).includes(status) ? status : 'inactive';

/** Permissions by their type: a level with its actions, or a plain text value as it is. */
function PermissionsView({ permissions }: { permissions: User['permissions'] | string }) {
  if (!permissions) return null;
  if (typeof permissions === 'string') return <>{permissions}</>;
  return (
    <div className="permissions">
      <StatusBadge status="info" label={permissions.type} />
      <ul className="chip-list" aria-label={`${permissions.type} permissions`}>
        {permissions.permissions.map((p) => (
          <li key={p} className="chip">
            {p}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** View user / user details: personal, contact and professional cards. */
export function UserDetailsScreen({ userRef }: { userRef: UserRef }) {
  const navigate = useNavigate();
  const user = useQuery({ ...userQuery(userRef), retry: false });

  useEffect(() => {
    if (user.isError) {
      toastFailure(user.error, USER_MESSAGES.fetchDetailsFailed);
      void navigate({ to: USER_LIST_PATH });
    }
  }, [user.isError, user.error, navigate]);

  if (!user.data) return <p className="muted page">Loading user...</p>;
  const u = user.data;
  const status = displayStatus(u.status);
  const cards = [
    {
      id: 'personal',
      title: 'Personal information',
      items: [
        { label: 'Username', value: u.username },
        { label: 'Gender', value: u.gender },
        { label: 'Date joined', value: formatDate(u.date_joined) ?? u.date_joined },
        {
          label: 'Photo',
          value: u.photo ? <img className="detail-photo" src={u.photo} alt={`${u.name}'s photo`} /> : null,
        },
      ],
    },
    {
      id: 'contact',
      title: 'Contact information',
      items: [
        { label: 'Email', value: u.email },
        { label: 'Mobile number', value: u.mobile_number },
        { label: 'Alternative mobile number', value: u.alt_mobile_number },
        { label: 'Address', value: u.address },
      ],
    },
    {
      id: 'professional',
      title: 'Professional information',
      items: [
        { label: 'Role', value: <span className="capitalize">{u.role}</span> },
        { label: 'Department', value: u.department },
        { label: 'Designation', value: u.designation },
        { label: 'PAN number', value: u.pan_number },
        { label: 'Aadhar number', value: u.aadhar_number },
        {
          label: 'Permissions',
          value: u.permissions ? <PermissionsView permissions={u.permissions} /> : null,
        },
      ],
    },
  ];

  return (
    <section className="page">
      <div className="page-head">
        <div className="person person-lg">
          <Avatar name={u.name} photo={u.photo} size="lg" />
          <div>
            <h1 className="page-title">{u.name}</h1>
            <div className="person-meta">
              <span className="muted">{u.user_id}</span>
              <StatusBadge status={status} />
            </div>
          </div>
        </div>
        <div className="row-actions">
          <Link to={USER_LIST_PATH} className="btn btn-secondary btn-md">
            Back to list
          </Link>
          {status !== 'deleted' ? (
            <Link
              to="/admin/master-data/data-pegawai/edit/$userId"
              params={{ userId: u.user_id }}
              className="btn btn-primary btn-md"
            >
              Edit User
            </Link>
          ) : null}
        </div>
      </div>
      <div className="card-grid">
        {cards.map((card) => (
          <article key={card.id} className="card" aria-labelledby={`${card.id}-title`}>
            <h2 id={`${card.id}-title`} className="card-title">
              {card.title}
            </h2>
            <DetailList items={card.items} />
          </article>
        ))}
      </div>
    </section>
  );
}
