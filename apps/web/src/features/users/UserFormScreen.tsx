import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { GENERAL_MESSAGES, USER_MESSAGES, type User, type UserRef } from '@portal/contracts';
import { Button, ErrorBanner } from '@portal/ui';
import { toastFailure } from '../../lib/formErrors.ts';
import { fetchNextUserId, userKeys, userQuery } from './api.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { USER_LIST_PATH } from './paths.ts';
import { UserAccountFields, UserPersonalFields, UserWorkFields } from './UserFormFields.tsx';
import { useUserForm } from './useUserForm.ts';

/** Add user (no `userRef`) and Edit user (Add user and Edit user / view user). */
export function UserFormScreen({ userRef }: { userRef?: UserRef }) {
  const isEdit = userRef !== undefined;
  const navigate = useNavigate();
  const existing = useQuery({
    ...userQuery(userRef ?? 0),
    enabled: isEdit,
    retry: false,
  });
  // The id the server proposes; saving keeps it when it is still free (the server has the last word).
  const nextId = useQuery({
    queryKey: userKeys.nextId,
    // The id shown is the id saved: it does not change under the person filling the form.
    meta: { keepOnResync: true },
    refetchOnWindowFocus: false,
    queryFn: fetchNextUserId,
    enabled: !isEdit,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (existing.isError) {
      toastFailure(existing.error, USER_MESSAGES.fetchDetailsFailed);
      void navigate({ to: USER_LIST_PATH });
    }
  }, [existing.isError, existing.error, navigate]);

  if (isEdit && !existing.data) return <p className="muted page">Loading user...</p>;
  return <UserForm key={userRef ?? 'new'} user={existing.data} nextUserId={nextId.data?.user_id} />;
}

function UserForm(props: { user: User | undefined; nextUserId: string | undefined }) {
  const form = useUserForm(props);
  const { user, isEdit, errors, phase, busy } = form;
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{isEdit ? 'Edit User' : 'Add User'}</h1>
        {isEdit ? (
          <Button variant="secondary" onPress={() => setPasswordOpen(true)}>
            Change Password
          </Button>
        ) : null}
      </div>
      <form
        ref={form.formRef}
        className="card form-card form-card-wide"
        onSubmit={form.submit}
        noValidate
        aria-label={isEdit ? 'Edit user' : 'Add user'}
      >
        <ErrorBanner
          message={form.formError ?? (Object.keys(errors).length > 0 ? GENERAL_MESSAGES.fixFields : null)}
        />
        <UserAccountFields form={form} />
        <UserPersonalFields form={form} />
        <UserWorkFields form={form} />

        <div className="form-actions">
          {phase !== 'idle' ? (
            <span className="form-progress" role="status">
              {phase === 'uploading'
                ? 'Uploading photo...'
                : isEdit
                  ? 'Saving user...'
                  : USER_MESSAGES.creating}
            </span>
          ) : null}
          <Button variant="ghost" onPress={form.reset} isDisabled={busy}>
            Reset
          </Button>
          <Button variant="secondary" onPress={form.cancel} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit">{busy ? USER_MESSAGES.saving : 'Save'}</Button>
        </div>
      </form>
      {user ? (
        <ChangePasswordDialog
          isOpen={passwordOpen}
          onClose={() => setPasswordOpen(false)}
          user={user}
          isSelf={form.isSelf}
        />
      ) : null}
    </section>
  );
}
