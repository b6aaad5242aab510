import type { District, State } from '@portal/contracts';
import { int, type DbInt } from '../../lib/rows.ts';

/** A row of `states`: Indian states by ISO 3166-2:IN code (reference data, loaded by a migration). */
export interface StateRow {
  iso2: string;
  name: string;
}

/** A row of `districts`: the districts of each state (reference data). */
export interface DistrictRow {
  id: DbInt;
  state_code: string;
  name: string;
}

/** A state as the API shows it. */
export const toState = (row: Pick<StateRow, 'iso2' | 'name'>): State => ({ iso2: row.iso2, name: row.name });

/** A district as the API shows it. */
export const toDistrict = (row: Pick<DistrictRow, 'id' | 'name'>): District => ({
  id: int(row.id),
  name: row.name,
});
