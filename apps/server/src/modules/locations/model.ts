import { Model } from 'objection';
import type { District, State } from '@portal/contracts';
import type { Row } from '../../lib/model.ts';

/** The `states` table: Indian states by ISO 3166-2:IN code (reference data, loaded by a migration). */
export class StateModel extends Model {
  static override tableName = 'states';
  static override idColumn = 'iso2';

  iso2!: string;
  name!: string;

  static toRecord(row: Row): State {
    return { iso2: String(row.iso2), name: String(row.name) };
  }
}

/** The `districts` table: the districts of each state (reference data). */
export class DistrictModel extends Model {
  static override tableName = 'districts';

  id!: number;
  state_code!: string;
  name!: string;

  static toRecord(row: Row): District {
    return { id: Number(row.id), name: String(row.name) };
  }
}
