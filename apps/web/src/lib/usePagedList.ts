import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@portal/contracts';
import { toast } from '@portal/ui';

import type { PageQuery } from './preload.ts';

/**
 * The paged-list pattern the list screens share: the page comes from the server, the previous page stays
 * on screen while the next one loads, a failure says so in a toast, and a page emptied by deletes (or a
 * status change) steps back to the last page that still has rows.
 */
export function usePagedList<P extends Page<unknown>>({
  query,
  page,
  onStepBack,
  failedMessage,
}: {
  query: PageQuery<P>;
  page: number;
  /** Called with the page to show instead of an emptied one. */
  onStepBack: (page: number) => void;
  /** Said when the server gives no message. */
  failedMessage: string;
}) {
  const list = useQuery({ ...query, placeholderData: keepPreviousData });

  useEffect(() => {
    if (list.isError) toast.error(list.error.message || failedMessage);
  }, [list.isError, list.error, failedMessage]);

  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) {
      onStepBack(Math.max(1, Math.ceil(list.data.total / list.data.pageSize)));
    }
  }, [list.data, page, onStepBack]);

  return list;
}
