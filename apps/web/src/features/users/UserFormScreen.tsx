import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FIELD_LIMITS,
  PHOTO_ACCEPT,
  UPLOAD_MESSAGES,
  USER_LIMITS,
  GENERAL_MESSAGES,
  USER_MESSAGES,
  type User,
  type UserRef,
} from '@portal/contracts';
import {
  Avatar,
  Button,
  ErrorBanner,
  ImageField,
  PasswordField,
  SelectField,
  TextField,
  toast,
  type TextFieldProps,
} from '@portal/ui';
import { useSessionUser } from '../../lib/session.ts';
import { focusFirstInvalidField, serverFieldError, toastFailure } from '../../lib/formErrors.ts';
import {
  createUser,
  fetchNextUserId,
  removeUserPhoto,
  updateUser,
  uploadPhoto,
  userKeys,
  userQuery,
} from './api.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { USER_LIST_PATH } from './paths.ts';
import {
  DEPARTMENT_OPTIONS,
  DESIGNATION_OPTIONS,
  GENDER_OPTIONS,
  PERMISSION_OPTIONS,
  ROLE_OPTIONS,
  STATUS_OPTIONS,
  USER_FIELD_LABELS as LABELS,
  checkPhoto,
  createBody,
  emptyUserForm,
  normaliseInput,
  permissionHint,
  requiredFields,
  updateBody,
  validateUserForm,
  valuesOfUser,
  type UserField,
  type UserFormErrors,
  type UserFormValues,
} from './userForm.ts';

type Phase = 'idle' | 'uploading' | 'saving';

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

function UserForm({ user, nextUserId }: { user: User | undefined; nextUserId: string | undefined }) {
  const isEdit = user !== undefined;
  const userId = user?.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initial = useMemo(() => (user ? valuesOfUser(user) : emptyUserForm), [user]);
  const [values, setValues] = useState<UserFormValues>(initial);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [photo, setPhoto] = useState<File | null>(null);
  // "Remove photo" takes effect on Save (Cancel or Reset keeps the photo).
  const [removePhoto, setRemovePhoto] = useState(false);
  const storedPhoto = removePhoto ? null : (user?.photo ?? null);
  const [formError, setFormError] = useState<string>();
  const [phase, setPhase] = useState<Phase>('idle');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const preview = useMemo(
    () => (photo && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(photo) : null),
    [photo],
  );
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const busy = phase !== 'idle';
  const me = useSessionUser();
  const isSelf = isEdit && me?.id === userId;

  const set = (field: UserField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: normaliseInput(field, value) }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const backToList = async () => {
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
    await navigate({ to: USER_LIST_PATH });
  };

  function fail(error: unknown, message: string) {
    setFormError(message);
    toastFailure(error, message);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const found = validateUserForm(values, user);
    const photoError = photo ? checkPhoto(photo) : null;
    if (photoError) found.photo = photoError;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Take the person to the first field to fix (the page may be scrolled to the buttons).
      focusFirstInvalidField(formRef.current);
      return;
    }
    // The photo is uploaded first; only when that succeeds is the user saved.
    let url: string | undefined;
    if (photo) {
      setPhase('uploading');
      try {
        url = await uploadPhoto(photo);
      } catch (error) {
        setPhase('idle');
        toast.error(UPLOAD_MESSAGES.photoFailed);
        setFormError((error as Error).message || UPLOAD_MESSAGES.photoFailed);
        return;
      }
    }
    setPhase('saving');
    try {
      if (userId !== undefined) {
        await updateUser(userId, updateBody(values, url));
        if (removePhoto && !url) await removeUserPhoto(userId);
      } else await createUser(createBody({ ...values, user_id: nextUserId ?? '' }, url));
      toast.success(isEdit ? USER_MESSAGES.updated : USER_MESSAGES.created);
      await backToList();
    } catch (error) {
      // A taken username or e-mail, a PAN the server refuses: marked on its field, which is brought into view.
      const onField = serverFieldError(error, Object.keys(LABELS) as UserField[]);
      if (onField) {
        setErrors((e) => ({ ...e, [onField.field]: onField.message }));
        focusFirstInvalidField(formRef.current);
      }
      fail(
        error,
        (error as Error).message || (isEdit ? USER_MESSAGES.updateFailed : USER_MESSAGES.createFailed),
      );
    } finally {
      setPhase('idle');
    }
  }

  function reset() {
    setValues(initial);
    setErrors({});
    setPhoto(null);
    setRemovePhoto(false);
    setFormError(undefined);
  }

  const required = new Set(requiredFields(user));

  const text = (field: UserField, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={LABELS[field]}
      name={field}
      value={values[field]}
      onChange={set(field)}
      errorMessage={errors[field]}
      isRequired={required.has(field)}
      {...extra}
    />
  );
  const select = (
    field: UserField,
    options: readonly { value: string; label: string }[],
    extra: { isRequired?: boolean; isDisabled?: boolean; description?: string | undefined } = {},
  ) => (
    <SelectField
      label={LABELS[field]}
      value={values[field]}
      options={options}
      onChange={set(field)}
      isRequired={required.has(field)}
      errorMessage={errors[field]}
      {...extra}
    />
  );

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
        ref={formRef}
        className="card form-card form-card-wide"
        onSubmit={submit}
        noValidate
        aria-label={isEdit ? 'Edit user' : 'Add user'}
      >
        <ErrorBanner
          message={formError ?? (Object.keys(errors).length > 0 ? GENERAL_MESSAGES.fixFields : null)}
        />

        <h2 className="form-section-title">Account</h2>
        <div className="form-grid">
          <TextField
            label={LABELS.user_id}
            name="user_id"
            value={user?.user_id ?? nextUserId ?? ''}
            placeholder="Generating..."
            isReadOnly
            description={isEdit ? undefined : 'Generated by the system'}
          />
          {text('username', { maxLength: FIELD_LIMITS.username, autoComplete: 'off' })}
          {text('email', {
            type: 'email',
            maxLength: FIELD_LIMITS.email,
            autoComplete: 'off',
          })}
          {isEdit ? (
            select('status', STATUS_OPTIONS, {
              isDisabled: isSelf,
              description: isSelf ? USER_MESSAGES.cannotDeactivateSelf : undefined,
            })
          ) : (
            <PasswordField
              label={LABELS.password}
              name="password"
              value={values.password}
              onChange={set('password')}
              isRequired
              errorMessage={errors.password}
            />
          )}
          {select('role', ROLE_OPTIONS, { isDisabled: isSelf })}
          {select('permissions', PERMISSION_OPTIONS, { description: permissionHint(values.permissions) })}
        </div>

        <h2 className="form-section-title">Personal</h2>
        <div className="form-grid">
          {text('name', { maxLength: FIELD_LIMITS.name, autoComplete: 'off' })}
          {select('gender', GENDER_OPTIONS)}
          {text('mobile_number', {
            inputMode: 'numeric',
            maxLength: 14,
            placeholder: '10 digits',
          })}
          {text('alt_mobile_number', {
            inputMode: 'numeric',
            maxLength: 14,
            placeholder: 'Optional, 10 digits',
          })}
          {text('address', { multiline: true, maxLength: USER_LIMITS.address, rows: 2 })}
          <ImageField
            label="Photo"
            previewUrl={preview ?? storedPhoto}
            placeholder={
              values.name.trim() ? (
                <Avatar name={values.name} photo={null} />
              ) : (
                <span className="image-field-empty">No photo</span>
              )
            }
            accept={PHOTO_ACCEPT}
            hint={removePhoto ? 'The photo is removed when you save' : 'JPG or PNG, at most 2MB (optional)'}
            errorMessage={errors.photo}
            isDisabled={busy}
            onSelect={(file) => {
              const problem = checkPhoto(file);
              setErrors(({ photo: _old, ...rest }) => (problem ? { ...rest, photo: problem } : rest));
              if (problem) toast.error(problem);
              setPhoto(problem ? null : file);
            }}
            onRemove={() => (photo ? setPhoto(null) : setRemovePhoto(true))}
            removeLabel={photo ? 'Undo' : 'Remove photo'}
          />
        </div>

        <h2 className="form-section-title">Work and identity</h2>
        <div className="form-grid">
          {select('department', DEPARTMENT_OPTIONS)}
          {select('designation', DESIGNATION_OPTIONS)}
          {text('pan_number', {
            maxLength: 10,
            placeholder: 'ABCDE1234F',
            // The hint becomes the error when the format is wrong: said once, in red.
            description: errors.pan_number ? undefined : USER_MESSAGES.panHint,
            autoComplete: 'off',
          })}
          {text('aadhar_number', {
            inputMode: 'numeric',
            maxLength: 14,
            placeholder: '12 digits',
            autoComplete: 'off',
          })}
        </div>

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
          <Button variant="ghost" onPress={reset} isDisabled={busy}>
            Reset
          </Button>
          <Button variant="secondary" onPress={() => void navigate({ to: USER_LIST_PATH })} isDisabled={busy}>
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
          isSelf={isSelf}
        />
      ) : null}
    </section>
  );
}
