import type { Skill } from '@portal/contracts';
import { authorshipOf, int, isoTime, text, type AuthoredColumns, type DbInt } from '../../lib/rows.ts';

/**
 * The form of a skill name that decides whether two names are the same skill: trimmed, Unicode-normalised
 * and lower-cased for every alphabet ("Ärger" = "ärger"). Kept in `skills.name_key` under a unique index.
 */
export const skillNameKey = (name: string) => name.trim().normalize('NFKC').toLowerCase();

/** A row of `skills`, the catalogue that jobs and candidates refer to. */
export interface SkillRow extends AuthoredColumns {
  id: DbInt;
  name: string;
  name_key: string;
  description: string | null;
  status: Skill['status'];
}

/** A skill row with the names of who created and last changed it, as the skill queries select it. */
export interface SkillListRow extends SkillRow {
  /** The list's total, carried on each row of a page (see `listSkills`). */
  total?: DbInt;
}

/** A skill as the API shows it. */
export function toSkill(row: SkillRow): Skill {
  return {
    id: int(row.id),
    name: row.name,
    description: text(row.description),
    status: row.status,
    ...authorshipOf(row),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** The columns of a name: the name as written and its key. */
export const nameColumns = (name: string) => ({ name: name.trim(), name_key: skillNameKey(name) });
