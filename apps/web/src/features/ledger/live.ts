import type { Query, QueryClient } from '@tanstack/react-query';
import type { LedgerChangedEvent, Loan } from '@portal/contracts';
import { markFresh } from '../../lib/live.ts';

/** The room the ledger's screens follow (admins only): every purchase, instalment and expense written. */
export const LEDGER_ROOM = { kind: 'ledger' } as const;

/** What a ledger query shows: the second part of its key (`ledgerKeys`). */
const showing = (query: Query, ...what: string[]) =>
  query.queryKey[0] === 'ledger' && what.includes(String(query.queryKey[1]));

/**
 * Another admin wrote to the ledger (`ledger:changed` in the ledger room): the lists and the purchase on
 * screen that show what changed are fetched again in place (the previous rows stay while the new ones
 * load), and the changed row is marked for a moment's highlight. A purchase's own screens are fetched again
 * only for that purchase: they are keyed by the reference in their URL, its LN id or its row number.
 * The edit forms do not follow the room: what someone is typing is never replaced under them.
 */
export function ledgerChanged(queryClient: QueryClient, change: LedgerChangedEvent) {
  const refetch = (predicate: (query: Query) => boolean) => void queryClient.invalidateQueries({ predicate });
  if (change.kind === 'expense') {
    markFresh(`expense:${change.id}`);
    refetch((q) => showing(q, 'expenses'));
    return;
  }
  const loanId = change.loan_id;
  if (loanId) markFresh(`loan:${loanId}`);
  // The references this client shows the purchase under: its LN id, and any number a loaded one came by.
  const refs = new Set(loanId ? [loanId] : []);
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => showing(q, 'loan') })) {
    const shown = query.state.data as Loan | undefined;
    if (shown && (shown.loan_id === loanId || (change.kind === 'loan' && shown.id === change.id)))
      refs.add(String(query.queryKey[2]).toUpperCase());
  }
  refetch(
    (q) =>
      showing(q, 'loans', 'report') ||
      (showing(q, 'loan', 'history') && refs.has(String(q.queryKey[2]).toUpperCase())),
  );
}
