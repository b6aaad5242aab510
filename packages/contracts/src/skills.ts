import { Type, type Static } from 'typebox';
import { FIELD_LIMITS, SKILL_STATUSES } from './constants.ts';
import { ListQuery, Nullable, Page, Text } from './common.ts';
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
const description = Type.String({ maxLength: FIELD_LIMITS.skillDescription });

/** Who made a change comes from the session, never from the body: such fields are not accepted. */
export const SkillCreate = Type.Object(
  { name, description: Type.Optional(description) },
  { additionalProperties: false },
);
export type SkillCreate = Static<typeof SkillCreate>;

export const SkillUpdate = Type.Object(
  {
    name: Type.Optional(name),
    description: Type.Optional(description),
    status: Type.Optional(SkillStatusSchema),
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
