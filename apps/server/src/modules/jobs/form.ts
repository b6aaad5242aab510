/** A job's form: the rules across its fields and against reference data, and the columns it writes. */
import {
  JOB_MESSAGES,
  jobTypeOf,
  type JobCreate,
  type JobUpdate,
  type UserRef,
  jobRuleErrors,
  jobSkillRefs,
} from '@portal/contracts';
import { skillNameKey, type SkillRow } from '../skills/model.ts';
import { invalid } from '../../errors.ts';
import { int } from '../../lib/rows.ts';
import { countRows } from '../../lib/paging.ts';
import type { LocationService } from '../locations/service.ts';
import { findUserIds } from '../users/refs.ts';
import type { JobColumns } from './model.ts';
import { unique, type Db } from './reads.ts';

/** The catalogue ids of the skills a form names, by name or by id; 400 for any it does not hold. */
async function resolveSkills(trx: Db, input: JobCreate | JobUpdate): Promise<number[]> {
  const refs = jobSkillRefs(input);
  const ids = new Set(refs.ids);
  if (refs.names.length > 0) {
    const keys = new Map(refs.names.map((name) => [skillNameKey(name), name]));
    const found: Pick<SkillRow, 'id' | 'name_key'>[] = await trx<SkillRow>('skills')
      .whereIn('name_key', [...keys.keys()])
      .select('id', 'name_key');
    for (const row of found) {
      ids.add(int(row.id));
      keys.delete(row.name_key);
    }
    if (keys.size > 0) throw invalid(JOB_MESSAGES.unknownSkillNames([...keys.values()]));
  }
  const skillIds = [...ids];
  if ((await countRows(trx('skills').whereIn('id', skillIds))) !== skillIds.length)
    throw invalid(JOB_MESSAGES.unknownSkills);
  return skillIds;
}

/** The editors a form names, by row id or user id, as live users' row ids; an unknown or deleted one is a 400. */
async function resolveEditors(trx: Db, refs: UserRef[]): Promise<number[]> {
  const ids = await findUserIds(trx, refs);
  if (ids.some((id) => id === null)) throw invalid(JOB_MESSAGES.unknownEditors);
  return unique(ids as number[]);
}

/**
 * The rules across fields and against reference data, giving the columns to write.
 * `previousDeadline` is the stored one on edit: keeping a past deadline is allowed, choosing one is not.
 */
export async function jobFormColumns(
  trx: Db,
  input: JobCreate | JobUpdate,
  {
    previousDeadline,
    today,
    locations,
  }: { previousDeadline?: string | null; today: string; locations: LocationService },
) {
  const [minExp, maxExp] = input.experienceRange;
  const maxSalary = input.maxSalary === '' ? null : (input.maxSalary ?? null);
  const deadline = input.deadline || null;
  const broken = Object.values(jobRuleErrors(input, { today, previousDeadline }));
  if (broken.length > 0) throw invalid(broken[0]!);
  const state = await locations.findState(input.state, trx);
  if (!state) throw invalid(JOB_MESSAGES.unknownState);
  const city = await locations.isDistrictOf(state.iso2, input.city, trx);
  if (!city) throw invalid(JOB_MESSAGES.unknownCity);

  const skillIds = await resolveSkills(trx, input);
  const editorIds = input.editable_by && (await resolveEditors(trx, input.editable_by));

  const columns: JobColumns = {
    title: input.title.trim(),
    type: jobTypeOf(input.type)!,
    description: input.description.trim(),
    state: state.iso2,
    city,
    min_salary: input.minSalary,
    max_salary: maxSalary,
    deadline,
    experience_min: minExp,
    experience_max: maxExp,
    interview_rounds: unique(input.interviewRounds ?? []),
    questions: (input.questions ?? []).map((q) => q.trim()).filter(Boolean),
    client_name: input.clientName.trim(),
    client_email: input.clientEmail.trim().toLowerCase(),
    client_location: input.clientLocation.trim(),
    ...(input.openings !== undefined ? { openings: input.openings } : {}),
  };
  return { columns, skillIds, editorIds };
}
