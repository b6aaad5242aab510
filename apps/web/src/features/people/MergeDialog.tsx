import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { PersonField, PersonMergePreview } from '@portal/contracts';
import { Button, Dialog, ErrorBanner, SearchField, toast } from '@portal/ui';
import { candidateKeys } from '../candidates/api.ts';
import { formatCtc, formatNotice, formatYears } from '../candidates/format.ts';
import { MergeChoices } from '../candidates/MergeChoices.tsx';
import { mergePeople, mergePreviewQuery, peopleKeys, peopleListQuery } from './api.ts';
import { ApplicationBadges } from './ApplicationBadges.tsx';
import type { PeopleArea } from './areas.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';

interface Someone {
  id: number;
  name: string;
  email: string;
}
type Side = 'mine' | 'theirs';
type Value = PersonMergePreview['differing'][number]['mine'];

/** A field's value as the person page shows it; an empty one says so. */
function shown(field: string, v: Value): string {
  if (v === null || v === '') return '(empty)';
  if (field === 'experience') return formatYears(Number(v));
  if (field === 'current_ctc' || field === 'expected_ctc') return formatCtc(Number(v));
  if (field === 'notice_period') return formatNotice(Number(v));
  return String(v);
}

/** The other person, found by a search of the talent pool (anyone but the person merged into). */
function PickOther({ person, onPick }: { person: Someone; onPick: (other: Someone) => void }) {
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const found = useQuery({ ...peopleListQuery({ search }), enabled: search.length >= 2 });
  const others = (found.data?.items ?? []).filter((p) => p.id !== person.id);
  return (
    <>
      <SearchField
        label={M.mergeSearch}
        value={text}
        onChange={setText}
        placeholder="Name, email or phone..."
      />
      {found.isError ? <ErrorBanner message={found.error.message} /> : null}
      {search.length >= 2 && found.isSuccess && others.length === 0 ? (
        <p className="muted">{M.noPeople}</p>
      ) : null}
      <ul className="merge-candidates" aria-label="People found">
        {others.slice(0, 8).map((p) => (
          <li key={p.id}>
            <div>
              <strong>{p.name}</strong>
              <div className="muted person-sub">
                {p.email} · {p.phone}
              </div>
            </div>
            <Button size="sm" variant="secondary" onPress={() => onPick(p)} aria-label={`Choose ${p.name}`}>
              Choose
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The preview: each differing field with its two values to choose from, and the applications that move. */
function Preview({
  person,
  other,
  preview,
  chosen,
  onChoose,
}: {
  person: Someone;
  other: Someone;
  preview: PersonMergePreview;
  chosen: Partial<Record<string, Side>>;
  onChoose: (field: string, side: Side) => void;
}) {
  const choices = preview.differing.map((d) => ({
    field: d.field,
    mine: shown(d.field, d.mine),
    theirs: shown(d.field, d.theirs),
    by: null,
    chosen: chosen[d.field] ?? 'mine',
  }));
  return (
    <>
      {choices.length > 0 ? (
        <MergeChoices
          message={M.mergeIntro(`${person.name} (${person.email})`, `${other.name} (${other.email})`)}
          choices={choices}
          onChoose={onChoose}
          // Suggested pairs have the same name: the options say which person rather than whose name.
          labels={{ mine: M.keepThis, theirs: M.useOther }}
        />
      ) : (
        <p className="dialog-message">{M.mergeSame}</p>
      )}
      <h3 className="merge-subtitle">{M.mergeMoving(preview.moving.length)}</h3>
      {preview.moving.length > 0 ? (
        <ApplicationBadges name={other.name} applications={preview.moving} />
      ) : null}
      {preview.keptApart.length > 0 ? (
        <div className="banner banner-warning" role="note">
          <p>{M.mergeKeptApart(other.name)}</p>
          <ApplicationBadges name={`${other.name}, kept apart`} applications={preview.keptApart} />
        </div>
      ) : null}
    </>
  );
}

/**
 * Merges another person into `person` (admins): the other is given (a suggested pair) or found by a search
 * of the pool; the preview shows every field that differs with a choice of the value kept, the applications
 * that move, and those kept apart (a job both are in). The server's answer is said, and its refusal too.
 */
export function MergeDialog({
  area,
  person,
  other: given,
  onClose,
}: {
  area: PeopleArea;
  person: Someone;
  other?: Someone | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [other, setOther] = useState<Someone | undefined>(given);
  const [chosen, setChosen] = useState<Partial<Record<string, Side>>>({});
  const preview = useQuery({
    ...mergePreviewQuery(person.id, other?.id ?? 0),
    enabled: other !== undefined,
    retry: false,
  });
  const merge = useMutation({
    mutationFn: () => {
      const fields = Object.fromEntries(
        (preview.data?.differing ?? []).map((d) => [d.field, chosen[d.field] ?? 'mine']),
      ) as Partial<Record<PersonField, Side>>;
      return mergePeople(person.id, { otherId: other!.id, fields });
    },
    onSuccess: async (answer) => {
      toast.success(answer.message);
      onClose();
      void navigate({ to: area.personPath(person.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
      ]);
    },
  });
  const error = merge.error ?? preview.error;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={M.mergeTitle(other?.name ?? 'another person')}
      className="modal-wide"
    >
      {error ? <ErrorBanner message={error.message || M.mergeFailed} /> : null}
      {other === undefined ? (
        <PickOther person={person} onPick={setOther} />
      ) : preview.data ? (
        <Preview
          person={person}
          other={other}
          preview={preview.data}
          chosen={chosen}
          onChoose={(field, side) => setChosen((c) => ({ ...c, [field]: side }))}
        />
      ) : preview.isPending ? (
        <p className="muted">Loading what the merge would change...</p>
      ) : null}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        {preview.data ? (
          <Button onPress={() => !merge.isPending && merge.mutate()}>
            {merge.isPending ? 'Merging...' : 'Merge'}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
