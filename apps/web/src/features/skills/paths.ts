/** The skill list of each area: its route and its address (both with the same search params). */
export const SKILL_LISTS = {
  admin: {
    route: '/admin/_admin/recruitments/skill-management/',
    path: '/admin/recruitments/skill-management',
  },
  employee: {
    route: '/employee/_employee/recruitments/skill-management/',
    path: '/employee/recruitments/skill-management',
  },
} as const;

/** The address of a skill list. */
export type SkillListPath = (typeof SKILL_LISTS)[keyof typeof SKILL_LISTS]['path'];
