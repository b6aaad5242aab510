import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FIELD_LIMITS,
  SKILL_MESSAGES,
  SKILL_STATUSES,
  SkillCreate,
  fieldErrors,
  type SkillStatus,
} from '@portal/contracts';
import { Button, ErrorBanner, SelectField, TextField, toast } from '@portal/ui';
import { createSkill, deleteSkill, skillKeys, skillQuery, updateSkill } from './api.ts';
import type { SkillListPath } from './paths.ts';
import { focusFirstInvalidField, serverFieldError, toastFailure } from '../../lib/formErrors.ts';

export interface SkillFormScreenProps {
  /** Absent: add a skill. Present: edit that skill. */
  skillId?: number;
  listPath: SkillListPath;
}

const STATUS_OPTIONS = SKILL_STATUSES.map((s) => ({
  value: s,
  label: s === 'active' ? 'Active' : 'Inactive',
}));

export function SkillFormScreen({ skillId, listPath }: SkillFormScreenProps) {
  const isEdit = skillId !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [status, setStatus] = useState<SkillStatus>('active');
  const [nameError, setNameError] = useState<string>();
  const [descriptionError, setDescriptionError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  const existing = useQuery({
    ...skillQuery(skillId ?? 0),
    enabled: isEdit,
    retry: false,
  });

  useEffect(() => {
    if (existing.data) {
      setName(existing.data.name);
      setDescription(existing.data.description);
      setStatus(existing.data.status);
    }
  }, [existing.data]);

  useEffect(() => {
    if (existing.isError) {
      toastFailure(existing.error, existing.error.message || SKILL_MESSAGES.detailsFailed);
      void navigate({ to: listPath });
    }
  }, [existing.isError, existing.error, navigate, listPath]);

  const backToList = async () => {
    await queryClient.invalidateQueries({ queryKey: skillKeys.all });
    await navigate({ to: listPath });
  };

  const save = useMutation({
    mutationFn: () =>
      isEdit
        ? updateSkill(skillId, { name: name.trim(), description: description.trim(), status })
        : createSkill({ name: name.trim(), description: description.trim() }),
    onSuccess: async () => {
      toast.success(isEdit ? SKILL_MESSAGES.updated : SKILL_MESSAGES.created);
      await backToList();
    },
    onError: (error) => {
      const message = error.message || SKILL_MESSAGES.saveFailed;
      // A name another skill has: marked on the field, which is brought into view.
      const onField = serverFieldError(error, ['name', 'description'] as const);
      if (onField?.field === 'name') setNameError(onField.message);
      else if (onField) setDescriptionError(onField.message);
      if (onField) focusFirstInvalidField(formRef.current);
      else setFormError(message);
      toastFailure(error, message);
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteSkill(skillId!),
    onSuccess: async () => {
      toast.success(SKILL_MESSAGES.deleted);
      await backToList();
    },
    onError: (error) => toastFailure(error, error.message || SKILL_MESSAGES.deleteFailed),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(undefined);
    // The contract the server checks, in the server's words ("Name is required", control characters …).
    const found = fieldErrors(SkillCreate, { name, description });
    setNameError(found.name);
    setDescriptionError(found.description);
    if (Object.keys(found).length > 0) {
      focusFirstInvalidField(formRef.current);
      return;
    }
    save.mutate();
  }

  if (isEdit && existing.isPending) return <p className="muted page">Loading skill...</p>;

  return (
    <section className="page">
      <h1 className="page-title">{isEdit ? 'Edit Skill' : 'Add Skill'}</h1>
      <form
        ref={formRef}
        className="card form-card"
        onSubmit={submit}
        noValidate
        aria-label={isEdit ? 'Edit skill' : 'Add skill'}
      >
        <ErrorBanner message={formError} />
        <TextField
          label="Name"
          name="name"
          isRequired
          value={name}
          onChange={(v) => {
            setName(v);
            if (nameError && v.trim()) setNameError(undefined);
          }}
          maxLength={FIELD_LIMITS.skillName}
          errorMessage={nameError}
          placeholder="e.g. React"
        />
        <TextField
          label="Description"
          name="description"
          multiline
          value={description}
          onChange={(v) => {
            setDescription(v);
            if (descriptionError) setDescriptionError(undefined);
          }}
          maxLength={FIELD_LIMITS.skillDescription}
          errorMessage={descriptionError}
          placeholder="What the skill covers (optional)"
        />
        {isEdit ? (
          <SelectField label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
        ) : null}
        <div className="form-actions">
          {isEdit ? (
            <Button
              variant="danger"
              className="form-actions-left"
              isDisabled={remove.isPending}
              onPress={() => {
                // The edit form asks with the browser's own confirm (skill list).
                if (window.confirm(SKILL_MESSAGES.confirmDelete)) remove.mutate();
              }}
            >
              Delete
            </Button>
          ) : null}
          <Button variant="secondary" onPress={() => void navigate({ to: listPath })}>
            Cancel
          </Button>
          <Button type="submit">
            {save.isPending ? 'Saving...' : isEdit ? 'Update Skill' : 'Save Skill'}
          </Button>
        </div>
      </form>
    </section>
  );
}
