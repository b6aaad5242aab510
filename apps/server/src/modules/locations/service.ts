import type { Knex } from 'knex';
import { LOCATION_MESSAGES, type District, type State } from '@portal/contracts';
import { notFound } from '../../errors.ts';
import type { Row } from '../../lib/model.ts';
import { DistrictModel, StateModel } from './model.ts';

/** Reference data: states and their districts, loaded by a migration and read-only here. */
export function createLocationService({ db }: { db: Knex }) {
  async function findState(code: string, trx: Knex | Knex.Transaction = db): Promise<State | undefined> {
    const row = (await trx(StateModel.tableName)
      .where({ iso2: code.toUpperCase() })
      .first('iso2', 'name')) as Row | undefined;
    return row && StateModel.toRecord(row);
  }

  return {
    findState,

    async listStates(): Promise<State[]> {
      const rows = (await db(StateModel.tableName).select('iso2', 'name').orderBy('name')) as Row[];
      return rows.map((row) => StateModel.toRecord(row));
    },

    async listDistricts(stateCode: string): Promise<District[]> {
      const state = await findState(stateCode);
      if (!state) throw notFound(LOCATION_MESSAGES.stateNotFound);
      const rows = (await db(DistrictModel.tableName)
        .where({ state_code: state.iso2 })
        .select('id', 'name')
        .orderBy('name')) as Row[];
      return rows.map((row) => DistrictModel.toRecord(row));
    },

    /** Whether `district` is one of the state's districts (names compared without regard to case). */
    async isDistrictOf(stateCode: string, district: string, trx: Knex | Knex.Transaction = db) {
      const row = (await trx(DistrictModel.tableName)
        .where({ state_code: stateCode.toUpperCase() })
        .whereRaw('LOWER(name) = ?', [district.trim().toLowerCase()])
        .first('name')) as Row | undefined;
      return row ? String(row.name) : null;
    },
  };
}
export type LocationService = ReturnType<typeof createLocationService>;
