import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@portal/contracts';
import { toast } from '@portal/ui';
import { failureMessage } from './formErrors.ts';
import { useSearchBox } from './useDebounced.ts';
import type { PageQuery } from './preload.ts';
import { usePagedList } from './usePagedList.ts';

/** What every list keeps in its URL: the page, and the search box when the list has one. */
export interface ListParams {
  search?: string;
  page: number;
}

/** How a list deletes one of its rows, and what it says when that worked or was refused. */
export interface ListDeletion<Row> {
  run: (row: Row) => Promise<unknown>;
  /** Said in a toast once the row is gone. */
  deletedMessage: string;
  /** Said inside the dialog when the server gives no reason of its own. */
  failedMessage: string;
  /** The queries that show the row (the list, its counts): fetched again after a delete. */
  invalidates: QueryKey;
}

/**
 * The one pattern of a list screen: the search box if it has one (typed text shows at once, the URL
 * follows once typing pauses), the page from the server (the previous page stays while the next loads, an emptied
 * page steps back), and delete behind a confirmation whose refusal is said inside the dialog, where
 * the person is looking, rather than in a toast behind it.
 */
export function useListScreen<P extends ListParams, Row, Result extends Page<Row>>({
  params,
  onParamsChange,
  query,
  failedMessage,
  deletion,
}: {
  params: P;
  /** Keeps the list's state in the URL, so a filtered list can be bookmarked and reloaded. */
  onParamsChange: (params: P) => void;
  /** The same query options as the route's loader: the page may already be in the cache. */
  query: PageQuery<Result>;
  /** Said when loading the page fails and the server gives no message. */
  failedMessage: string;
  deletion?: ListDeletion<Row>;
}) {
  const queryClient = useQueryClient();
  // The state last asked for: a change is made on top of it, not on the URL as last rendered, which lags
  // while a navigation is under way (a filter chosen just before the search box's pause would be lost).
  // A new URL (its params are a new object only when the URL changed) is the state from then on.
  const asked = useRef(params);
  useLayoutEffect(() => {
    asked.current = params;
  }, [params]);
  /** Another page, filter or sort: anything but the page itself starts again at page 1. */
  const change = useCallback(
    (next: Partial<P>) => {
      asked.current = { ...asked.current, page: 1, ...next };
      onParamsChange(asked.current);
    },
    [onParamsChange],
  );
  // A list without a search box keeps an empty one that never changes, so never navigates.
  const [searchText, setSearchText] = useSearchBox(params.search ?? '', (search) =>
    change({ search } as Partial<P>),
  );
  const stepBack = useCallback((page: number) => change({ page } as Partial<P>), [change]);
  const list = usePagedList({ query, page: params.page, onStepBack: stepBack, failedMessage });

  const [pendingDelete, setPendingDelete] = useState<Row | null>(null);
  const remove = useMutation({
    mutationFn: (row: Row) => deletion!.run(row),
    onSuccess: async () => {
      toast.success(deletion!.deletedMessage);
      setPendingDelete(null);
      await queryClient.invalidateQueries({ queryKey: deletion!.invalidates });
    },
  });
  const closeDelete = () => {
    setPendingDelete(null);
    remove.reset();
  };

  return {
    list,
    /** The search box's props, for a list that has one. */
    searchBox: { value: searchText, onChange: setSearchText },
    change,
    /** The pager's props; `pageSize` is the screen's until the first page arrives. */
    pagerProps: (pageSize: number) => ({
      page: params.page,
      pageSize: list.data?.pageSize ?? pageSize,
      total: list.data?.total ?? 0,
      onPageChange: (page: number) => change({ page } as Partial<P>),
    }),
    /** The row waiting for its confirmation, if any. */
    pendingDelete,
    askDelete: setPendingDelete,
    /** ConfirmDialog's props but its title and question. */
    deleteDialogProps: {
      isOpen: pendingDelete !== null,
      isPending: remove.isPending,
      errorMessage: deletion ? failureMessage(remove.error, deletion.failedMessage) : null,
      onCancel: closeDelete,
      onConfirm: () => pendingDelete !== null && remove.mutate(pendingDelete),
    },
  };
}
