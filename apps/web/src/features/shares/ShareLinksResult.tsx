import { useRef, useState } from 'react';
import { SHARE_TEXTS as T, type ShareAnswer, type IssuedShareLink } from '@portal/contracts';
import { Button, Dialog, TextField } from '@portal/ui';
import { formatDate } from '../../lib/format.ts';
import './shares.css';

type CopyState = 'idle' | 'copied' | 'byHand';

/**
 * Puts the link on the clipboard: the Clipboard API where the page may use it (a secure origin), else the
 * browser's older copy of the selected field (a plain-http address on the office network). When neither
 * works the field stays selected and the line under it says how to copy it by hand.
 */
async function copyLink(url: string, field: HTMLInputElement | null): Promise<CopyState> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    field?.focus();
    field?.select();
    const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
    return copied ? 'copied' : 'byHand';
  }
}

function IssuedLinkItem({ link }: { link: IssuedShareLink }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  const copy = async () => setState(await copyLink(link.url, box.current?.querySelector('input') ?? null));
  return (
    <li className="issued-link">
      <div className="issued-link-head">
        <strong>
          {link.recipientName} &lt;{link.recipient}&gt;
        </strong>
        <span className="muted">{T.expiresOn(formatDate(link.expiresAt) ?? link.expiresAt)}</span>
      </div>
      <div className="issued-link-copy" ref={box}>
        <TextField
          label={T.linkFor(link.recipientName)}
          value={link.url}
          isReadOnly
          onFocus={(e) => (e.target as HTMLInputElement).select()}
        />
        <Button variant="secondary" onPress={() => void copy()}>
          {T.copyLink}
        </Button>
      </div>
      <p className="muted issued-link-state" role="status">
        {state === 'copied' ? T.copied : state === 'byHand' ? T.copyByHand : ''}
      </p>
    </li>
  );
}

/**
 * What a share answered: each recipient's review link, the one time its address is shown (for a client
 * reached by phone or WhatsApp, or while mail waits), and whether the mails went out.
 */
export function ShareLinksResult({ answer, onClose }: { answer: ShareAnswer; onClose: () => void }) {
  return (
    // Closed by Done only: a click beside it would lose links that are never shown again.
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={T.resultTitle}
      className="modal-filter"
      isDismissable={false}
    >
      <p className={`banner ${answer.mail === 'sent' ? 'banner-success' : 'banner-warning'}`}>
        {answer.mail === 'sent' ? T.mailSent : T.mailQueued}
      </p>
      <p className="dialog-message">{T.shownOnce}</p>
      <ul className="issued-links">
        {answer.links.map((link) => (
          <IssuedLinkItem key={link.id} link={link} />
        ))}
      </ul>
      <div className="dialog-actions">
        <Button onPress={onClose}>{T.done}</Button>
      </div>
    </Dialog>
  );
}
