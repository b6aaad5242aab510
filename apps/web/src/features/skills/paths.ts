/** The skill screens of each area: the list's route and address, and the add and edit addresses. */
export const SKILL_AREAS = {
  admin: {
    route: '/admin/_admin/recruitments/skill-management/',
    path: '/admin/recruitments/skill-management',
    addPath: '/admin/recruitments/skill-management/form-skill',
    editPath: '/admin/recruitments/skill-management/edit/$id',
  },
  employee: {
    route: '/employee/_employee/recruitments/skill-management/',
    path: '/employee/recruitments/skill-management',
    addPath: '/employee/recruitments/skill-management/add',
    editPath: '/employee/recruitments/skill-management/edit/$id',
  },
} as const;

export type SkillArea = (typeof SKILL_AREAS)[keyof typeof SKILL_AREAS];

/** The address of a skill list. */
export type SkillListPath = SkillArea['path'];
