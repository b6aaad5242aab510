import type { Knex } from 'knex';
import locations from './data/india-locations.json' with { type: 'json' };

interface LocationData {
  states: { iso2: string; name: string; districts: string[] }[];
}

/** Rows at a time: SQLite accepts at most 500 in one multi-row insert. */
const CHUNK = 200;

/**
 * Loads the states and districts of `data/india-locations.json` (sources and licences in the README).
 * The migration already runs in a transaction: no transaction of its own (MySQL would warn).
 */
export async function up(knex: Knex): Promise<void> {
  const { states } = locations as LocationData;
  await knex('states').insert(states.map(({ iso2, name }) => ({ iso2, name })));
  const districts = states.flatMap((s) => s.districts.map((name) => ({ state_code: s.iso2, name })));
  for (let i = 0; i < districts.length; i += CHUNK)
    await knex('districts').insert(districts.slice(i, i + CHUNK));
}

export async function down(knex: Knex): Promise<void> {
  const codes = (locations as LocationData).states.map((s) => s.iso2);
  await knex('districts').whereIn('state_code', codes).delete();
  await knex('states').whereIn('iso2', codes).delete();
}
