import type { Knex } from 'knex';
import { LOCATION_MESSAGES, type District, type State } from '@portal/contracts';
import { notFound } from '../../errors.ts';
import { toDistrict, toState, type DistrictRow, type StateRow } from './model.ts';

/** Reference data: states and their districts, loaded by a migration and read-only here. */
export function createLocationService({ db }: { db: Knex }) {
  async function findState(code: string, trx: Knex | Knex.Transaction = db): Promise<State | undefined> {
    const row: StateRow | undefined = await trx<StateRow>('states')
      .where({ iso2: code.toUpperCase() })
      .first('iso2', 'name');
    return row && toState(row);
  }

  return {
    findState,

    async listStates(): Promise<State[]> {
      const rows: StateRow[] = await db<StateRow>('states').select('iso2', 'name').orderBy('name');
      return rows.map(toState);
    },

    async listDistricts(stateCode: string): Promise<District[]> {
      const state = await findState(stateCode);
      if (!state) throw notFound(LOCATION_MESSAGES.stateNotFound);
      const rows: Pick<DistrictRow, 'id' | 'name'>[] = await db<DistrictRow>('districts')
        .where({ state_code: state.iso2 })
        .select('id', 'name')
        .orderBy('name');
      return rows.map(toDistrict);
    },

    /** Whether `district` is one of the state's districts (names compared without regard to case). */
    async isDistrictOf(stateCode: string, district: string, trx: Knex | Knex.Transaction = db) {
      const row: Pick<DistrictRow, 'name'> | undefined = await trx<DistrictRow>('districts')
        .where({ state_code: stateCode.toUpperCase() })
        .whereRaw('LOWER(name) = ?', [district.trim().toLowerCase()])
        .first('name');
      return row ? row.name : null;
    },
  };
}
export type LocationService = ReturnType<typeof createLocationService>;
