import type { Knex } from 'knex';
import locations from './data/india-locations.json' with { type: 'json' };

interface LocationData {
  states: { iso2: string; name: string; districts: string[] }[];
}

/** Loads the states and districts of `data/india-locations.json` (sources and licences in the README). */
export async function up(knex: Knex): Promise<void> {
  const { states } = locations as LocationData;
  await knex.transaction(async (trx) => {
    await trx.batchInsert(
      'states',
      states.map(({ iso2, name }) => ({ iso2, name })),
      100,
    );
    const districts = states.flatMap((s) => s.districts.map((name) => ({ state_code: s.iso2, name })));
    await trx.batchInsert('districts', districts, 200);
  });
}

export async function down(knex: Knex): Promise<void> {
  const codes = (locations as LocationData).states.map((s) => s.iso2);
  await knex('districts').whereIn('state_code', codes).delete();
  await knex('states').whereIn('iso2', codes).delete();
}
