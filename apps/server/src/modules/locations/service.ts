import type { Knex } from 'knex';
import { LOCATION_MESSAGES, type District, type State } from '@portal/contracts';
import { notFound } from '../../errors.ts';

/** Reference data: states and their districts, loaded by a migration and read-only here. */
export function createLocationService({ db }: { db: Knex }) {
  async function findState(code: string, trx: Knex | Knex.Transaction = db): Promise<State | undefined> {
    return trx('states').where({ iso2: code.toUpperCase() }).first('iso2', 'name');
  }

  return {
    findState,

    async listStates(): Promise<State[]> {
      return db('states').select('iso2', 'name').orderBy('name');
    },

    async listDistricts(stateCode: string): Promise<District[]> {
      const state = await findState(stateCode);
      if (!state) throw notFound(LOCATION_MESSAGES.stateNotFound);
      const rows = await db('districts')
        .where({ state_code: state.iso2 })
        .select('id', 'name')
        .orderBy('name');
      return rows.map((r: { id: number | string; name: string }) => ({ id: Number(r.id), name: r.name }));
    },

    /** Whether `district` is one of the state's districts (names compared without regard to case). */
    async isDistrictOf(stateCode: string, district: string, trx: Knex | Knex.Transaction = db) {
      const row = await trx('districts')
        .where({ state_code: stateCode.toUpperCase() })
        .whereRaw('LOWER(name) = ?', [district.trim().toLowerCase()])
        .first('name');
      return row ? String(row.name) : null;
    },
  };
}
export type LocationService = ReturnType<typeof createLocationService>;
