import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  SHARE_TEXTS as T,
  ShareLinkExtendBody,
  type ShareLinkTracking,
  type ShortlistShare,
} from '@portal/contracts';
import { Button, ConfirmDialog, Dialog, ErrorBanner, NumberField, toast } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { formatDate } from '../../lib/format.ts';
import { serverFieldError } from '../../lib/formErrors.ts';
import { extendShareLink, revokeShareLink, withdrawFromShare } from './api.ts';

/** What the recruiter asked to do from the "Sent to the client" list. */
export type ShareAction =
  | { kind: 'revoke'; link: ShareLinkTracking }
  | { kind: 'extend'; link: ShareLinkTracking }
  | { kind: 'withdraw'; share: ShortlistShare; candidate: ShortlistShare['candidates'][number] };

/** Every list of shares (the job's, each candidate's) reads again after a change to one. */
const SHARES_PREFIX = ['candidates', 'shares'] as const;

/** Revoke and withdraw ask first; a refusal is said inside the dialog in the server's words. */
function ConfirmAction({
  action,
  onClose,
}: {
  action: Exclude<ShareAction, { kind: 'extend' }>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () =>
      action.kind === 'revoke'
        ? revokeShareLink(action.link.id).then(() => T.linkRevoked)
        : withdrawFromShare(action.share.id, action.candidate.uuid).then(
            (answer) => answer.message || REVIEW_MESSAGES.candidateWithdrawn,
          ),
    onSuccess: async (message) => {
      toast.success(message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: SHARES_PREFIX });
    },
  });
  const revoke = action.kind === 'revoke';
  return (
    <ConfirmDialog
      isOpen
      title={revoke ? T.revokeTitle : T.withdrawTitle}
      message={
        revoke
          ? T.revokeConfirm(action.link.recipientName, action.link.recipient)
          : T.withdrawConfirm(action.candidate.name)
      }
      confirmLabel={revoke ? T.revoke : T.withdraw}
      pendingLabel={revoke ? T.revoking : T.withdrawing}
      isPending={run.isPending}
      errorMessage={run.error?.message}
      onConfirm={() => run.mutate()}
      onCancel={onClose}
    />
  );
}

/** Extend: the link then works for this many days from now (at most the longest a link may live). */
function ExtendDialog({ link, onClose }: { link: ShareLinkTracking; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(REVIEW_LIMITS.defaultExpiryDays));
  const [daysError, setDaysError] = useState<string>();
  const extend = useMutation({
    mutationFn: (value: number) => extendShareLink(link.id, value),
    onSuccess: async (extended) => {
      toast.success(T.linkExtended(formatDate(extended.expiresAt) ?? extended.expiresAt));
      onClose();
      await queryClient.invalidateQueries({ queryKey: SHARES_PREFIX });
    },
    onError: (error) => {
      const onField = serverFieldError(error, ['days'] as const);
      if (onField) setDaysError(onField.message);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (extend.isPending) return;
    const value = Number(days.trim() || NaN);
    const found = checkForm<'days'>(ShareLinkExtendBody, { days: value });
    setDaysError(found.days);
    if (!found.days) extend.mutate(value);
  }
  const fieldFailure = serverFieldError(extend.error, ['days'] as const);
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={T.extendTitle}>
      <form onSubmit={submit} noValidate aria-label={T.extendTitle}>
        <p className="dialog-message">
          {link.recipientName} &lt;{link.recipient}&gt; ·{' '}
          {T.expiresOn(formatDate(link.expiresAt) ?? link.expiresAt)}
        </p>
        {extend.error && !fieldFailure ? <ErrorBanner message={extend.error.message} /> : null}
        <NumberField
          label={T.extendLabel}
          description={T.expiryHint(REVIEW_LIMITS.maxExpiryDays)}
          min={1}
          value={days}
          onChange={(value) => {
            setDays(value);
            setDaysError(undefined);
          }}
          errorMessage={daysError}
        />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit">{extend.isPending ? T.extending : T.extendSubmit}</Button>
        </div>
      </form>
    </Dialog>
  );
}

export function ShareActionDialog({ action, onClose }: { action: ShareAction; onClose: () => void }) {
  return action.kind === 'extend' ? (
    <ExtendDialog link={action.link} onClose={onClose} />
  ) : (
    <ConfirmAction action={action} onClose={onClose} />
  );
}
