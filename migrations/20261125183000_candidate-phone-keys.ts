import type { Knex } from 'knex';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * `phone_key`, which the duplicate rule and the phone search compare, becomes the phone number normalised
 * rather than its digits: "+91 98450 11111", "098450-11111" and "9845011111" were three keys and are one,
 * 9845011111. Every stored candidate's key is recomputed, a batch of ids at a time.
 */
const BATCH = 500;

/** A frozen copy of the app's phone key (apps/server/src/lib/phones.ts) as it was when this ran. */
function phoneKey(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'IN');
  if (parsed?.isPossible()) {
    return parsed.countryCallingCode === '91'
      ? parsed.nationalNumber
      : `${parsed.countryCallingCode}${parsed.nationalNumber}`;
  }
  return phone.replace(/\D/g, '');
}

/** The key before: the phone's digits. */
const digitsKey = (phone: string) => phone.replace(/\D/g, '');

async function rekey(knex: Knex, keyOf: (phone: string) => string) {
  for (let after = 0; ;) {
    const rows = (await knex('candidates')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'phone', 'phone_key')) as { id: number; phone: string; phone_key: string }[];
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.id);
    const changed = rows
      .map((r) => ({ id: Number(r.id), key: keyOf(String(r.phone ?? '')), was: String(r.phone_key) }))
      .filter((r) => r.key !== r.was);
    if (changed.length === 0) continue;
    // One UPDATE per batch: CASE id WHEN … THEN … END.
    await knex('candidates')
      .whereIn(
        'id',
        changed.map((r) => r.id),
      )
      .update({
        phone_key: knex.raw(
          `CASE id ${changed.map(() => 'WHEN ? THEN ?').join(' ')} END`,
          changed.flatMap((r) => [r.id, r.key]),
        ),
      });
  }
}

export async function up(knex: Knex): Promise<void> {
  await rekey(knex, phoneKey);
}

export async function down(knex: Knex): Promise<void> {
  await rekey(knex, digitsKey);
}
