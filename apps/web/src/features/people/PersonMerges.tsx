import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person } from '@portal/contracts';
import { Button, ConfirmDialog, toast } from '@portal/ui';
import { candidateKeys } from '../candidates/api.ts';
import { formatDay } from '../candidates/format.ts';
import { peopleKeys, undoMerge } from './api.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';

type Merge = Person['merges'][number];

/** One merge in words: who was merged into whom, by whom and when, and whether it was undone. */
function MergeLine({ m }: { m: Merge }) {
  return (
    <div>
      <strong>
        {m.otherName} merged into {m.personName}
      </strong>
      <div className="muted person-sub">
        by {m.mergedBy ?? 'someone'} · {formatDay(m.mergedAt)}
        {m.undoneAt ? ` · undone ${formatDay(m.undoneAt)}` : ''}
      </div>
    </div>
  );
}

/**
 * The merges the person took part in, newest first; an admin may undo one that stands (after a
 * confirmation). The server refuses when a moved application changed job since: its words are said.
 */
export function PersonMerges({ person, canUndo }: { person: Person; canUndo: boolean }) {
  const queryClient = useQueryClient();
  const [undoing, setUndoing] = useState<Merge>();
  const undo = useMutation({
    mutationFn: (m: Merge) => undoMerge(m.id),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      setUndoing(undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
      ]);
    },
  });
  const close = () => {
    setUndoing(undefined);
    undo.reset();
  };
  if (person.merges.length === 0) return <p className="muted">{M.noMerges}</p>;
  return (
    <>
      <ul className="application-list">
        {person.merges.map((m) => (
          <li key={m.id} className="application-item">
            <MergeLine m={m} />
            {canUndo && !m.undoneAt ? (
              <Button
                size="sm"
                variant="secondary"
                onPress={() => setUndoing(m)}
                aria-label={`Undo merge of ${m.otherName}`}
              >
                Undo
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={undoing !== undefined}
        title={M.undoTitle}
        message={undoing ? M.undoQuestion(undoing.personName, undoing.otherName) : ''}
        confirmLabel="Undo merge"
        pendingLabel="Undoing..."
        isPending={undo.isPending}
        errorMessage={undo.error ? undo.error.message || M.undoFailed : null}
        onConfirm={() => undoing && undo.mutate(undoing)}
        onCancel={close}
      />
    </>
  );
}
