import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_MESSAGES, USER_MESSAGES, type User } from '@portal/contracts';
import { toast } from '@portal/ui';
import { useSessionUser } from '../../lib/session.ts';
import { focusFirstInvalidField, serverFieldError, toastFailure } from '../../lib/formErrors.ts';
import { createUser, removeUserPhoto, updateUser, uploadPhoto, userKeys } from './api.ts';
import { USER_LIST_PATH } from './paths.ts';
import {
  USER_FIELD_LABELS as LABELS,
  checkPhoto,
  createBody,
  emptyUserForm,
  normaliseInput,
  requiredFields,
  updateBody,
  validateUserForm,
  valuesOfUser,
  type UserField,
  type UserFormErrors,
  type UserFormValues,
} from './userForm.ts';

type Phase = 'idle' | 'uploading' | 'saving';

/** The user form's state: the values, the photo chosen or removed, their check and the save. */
export function useUserForm({
  user,
  nextUserId,
}: {
  user: User | undefined;
  nextUserId: string | undefined;
}) {
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
    const found = validateUserForm(values, user, photo);
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

  function pickPhoto(file: File) {
    const problem = checkPhoto(file);
    setErrors(({ photo: _old, ...rest }) => (problem ? { ...rest, photo: problem } : rest));
    if (problem) toast.error(problem);
    setPhoto(problem ? null : file);
  }

  return {
    user,
    nextUserId,
    isEdit,
    isSelf,
    values,
    set,
    errors,
    required: new Set(requiredFields(user)),
    formError,
    formRef,
    phase,
    busy,
    photo,
    removePhoto,
    photoShown: preview ?? storedPhoto,
    pickPhoto,
    dropPhoto: () => (photo ? setPhoto(null) : setRemovePhoto(true)),
    submit,
    reset,
    cancel: () => void navigate({ to: USER_LIST_PATH }),
  };
}

export type UserFormState = ReturnType<typeof useUserForm>;
