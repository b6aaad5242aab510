import type { Skill } from '@portal/contracts';
import { toIsoString } from '../../lib/dates.ts';
import { AuthoredModel, type Row } from '../../lib/model.ts';

/**
 * The form of a skill name that decides whether two names are the same skill: trimmed, Unicode-normalised
 * and lower-cased for every alphabet ("Ärger" = "ärger"). Kept in `skills.name_key` under a unique index.
 */
export const skillNameKey = (name: string) => name.trim().normalize('NFKC').toLowerCase();

/** The `skills` table: the catalogue that jobs and candidates refer to. */
export class SkillModel extends AuthoredModel {
  static override tableName = 'skills';

  id!: number;
  name!: string;
  name_key!: string;
  description!: string;
  status!: Skill['status'];

  /** A skill row, with the names of who created and last changed it joined in, as the API shows it. */
  static toRecord(row: Row): Skill {
    return {
      id: Number(row.id),
      name: String(row.name),
      description: String(row.description ?? ''),
      status: row.status as Skill['status'],
      ...AuthoredModel.authorshipOf(row),
      created_at: toIsoString(row.created_at),
      updated_at: toIsoString(row.updated_at),
    };
  }

  /** The columns of a name: the name as written and its key. */
  static nameColumns(name: string) {
    return { name: name.trim(), name_key: skillNameKey(name) };
  }
}
