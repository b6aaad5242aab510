import { Type, type Static } from 'typebox';
import { FIELD_LIMITS, SKILL_STATUSES } from './constants.ts';
import { FreeText, IDENTITY_FIELDS, ListQuery, Nullable, Page, Text, echoedFields } from './common.ts';
import { SKILL_MESSAGES } from './messages.ts';

export const SkillStatusSchema = Type.Enum(SKILL_STATUSES);

export const Skill = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  status: SkillStatusSchema,
  created_by: Nullable(Type.String()),
  created_by_id: Nullable(Type.Integer()),
  updated_by: Nullable(Type.String()),
  updated_by_id: Nullable(Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Skill = Static<typeof Skill>;

const name = Text(FIELD_LIMITS.skillName, SKILL_MESSAGES.nameRequired);
const description = FreeText(FIELD_LIMITS.skillDescription, 'Description');

/** Fields of a skill a client may send back unchanged; ignored. */
const echoed = echoedFields('id', '_id', 'created_at', 'updated_at');

/**
 * POST /api/skills: name and description; the employee side also sends `created_by` and
 * `created_by_id`, accepted and ignored: who made a change comes from the session.
 */
export const SkillCreate = Type.Object(
  {
    name,
    description: Type.Optional(description),
    status: Type.Optional(SkillStatusSchema),
    ...IDENTITY_FIELDS,
    ...echoed,
  },
  { additionalProperties: false },
);
export type SkillCreate = Static<typeof SkillCreate>;

export const SkillUpdate = Type.Object(
  {
    name: Type.Optional(name),
    description: Type.Optional(description),
    status: Type.Optional(SkillStatusSchema),
    ...IDENTITY_FIELDS,
    ...echoed,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type SkillUpdate = Static<typeof SkillUpdate>;

export const SkillListQuery = Type.Intersect([
  ListQuery,
  Type.Object({ status: Type.Optional(SkillStatusSchema) }),
]);
export type SkillListQuery = Static<typeof SkillListQuery>;

export const SkillPage = Page(Skill);
export type SkillPage = Static<typeof SkillPage>;
