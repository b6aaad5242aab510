import { Type, type Static, type TSchema } from 'typebox';
import { MAX_PAGE_SIZE } from './constants.ts';

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParams = Static<typeof IdParams>;

/** Paging and search shared by every list call. */
export const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});
export type ListQuery = Static<typeof ListQuery>;

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Non-blank, trimmed text of bounded length. */
export const Text = (maxLength: number, errorMessage?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(errorMessage ? { errorMessage } : {}) });

/** A value that may be absent, sent as null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
