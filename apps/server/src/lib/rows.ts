/** Who created and last changed a row: the ids it holds and the names joined as `created_by` / `updated_by`. */
export function authorshipOf(row: Record<string, unknown>) {
  return {
    created_by: (row.created_by as string | null) ?? null,
    created_by_id: row.created_by_id == null ? null : Number(row.created_by_id),
    updated_by: (row.updated_by as string | null) ?? null,
    updated_by_id: row.updated_by_id == null ? null : Number(row.updated_by_id),
  };
}
