import { Model } from 'objection';

/** A row as the driver hands it back: from knex queries, joins and aggregates as well as from models. */
export type Row = Record<string, unknown>;

/** A nullable id column as a number (MySQL may hand back strings for aggregates and joins). */
export const idOrNull = (value: unknown): number | null => (value == null ? null : Number(value));

/**
 * A table whose rows say who created and last changed them (`created_by_id` / `updated_by_id`); its
 * queries join the names as `created_by` / `updated_by`.
 */
export abstract class AuthoredModel extends Model {
  created_by_id!: number | null;
  updated_by_id!: number | null;
  created_at!: Date | string | number;
  updated_at!: Date | string | number;

  /** Who created and last changed a row: the ids it holds and the names joined beside them. */
  static authorshipOf(row: Row) {
    return {
      created_by: (row.created_by as string | null) ?? null,
      created_by_id: idOrNull(row.created_by_id),
      updated_by: (row.updated_by as string | null) ?? null,
      updated_by_id: idOrNull(row.updated_by_id),
    };
  }
}
