import type { Page } from '@portal/contracts';
import {
  ConfirmDialog,
  DataTable,
  Pager,
  type ConfirmDialogProps,
  type DataTableProps,
  type PagerProps,
} from '@portal/ui';

/** What ListTable needs of `useListScreen`'s answer. */
export interface ListTableScreen<Row> {
  list: { data?: Page<Row>; isPending: boolean };
  pagerProps: (pageSize: number) => PagerProps;
  pendingDelete: Row | null;
  deleteDialogProps: Omit<ConfirmDialogProps, 'title' | 'message'>;
}

/**
 * A table list's rows, its pager and its delete confirmation, from `useListScreen`: every table
 * list draws these three the same way.
 */
export function ListTable<Row>({
  screen,
  pageSize,
  deleteTitle,
  deleteMessage,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'isLoading'> & {
  screen: ListTableScreen<Row>;
  /** Rows a page until the first page says. */
  pageSize: number;
  /** The dialog's title for the row about to go. */
  deleteTitle: (row: Row | null) => string;
  deleteMessage: string;
}) {
  return (
    <>
      <DataTable {...table} rows={screen.list.data?.items ?? []} isLoading={screen.list.isPending} />
      <Pager {...screen.pagerProps(pageSize)} />
      <ConfirmDialog
        {...screen.deleteDialogProps}
        title={deleteTitle(screen.pendingDelete)}
        message={deleteMessage}
      />
    </>
  );
}
