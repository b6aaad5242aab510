import {
  SKILL_MESSAGES,
  type OkBody,
  type Skill,
  type SkillCreate,
  type SkillPage,
  type SkillUpdate,
} from '@portal/contracts';
import { api, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';

export const skillKeys = {
  all: ['skills'] as const,
  list: (search: string, page: number) => ['skills', 'list', search, page] as const,
  one: (id: number) => ['skills', 'one', id] as const,
};

export const fetchSkills = (search: string, page: number, signal?: AbortSignal) =>
  api<SkillPage>(`/api/skills${queryString({ search: search.trim(), page })}`, {
    fallbackMessage: SKILL_MESSAGES.fetchFailed,
    signal,
  });

/** A page of the skill list: the route's loader and the screen read the same query. */
export const skillListQuery = (search: string, page: number): PageQuery<SkillPage> => ({
  queryKey: skillKeys.list(search, page),
  queryFn: ({ signal }) => fetchSkills(search, page, signal),
});

/** One skill, for its edit screen and that route's loader. */
export const skillQuery = (id: number) => ({
  queryKey: skillKeys.one(id),
  queryFn: () => fetchSkill(id),
});

export const fetchSkill = (id: number) =>
  api<Skill>(`/api/skills/${id}`, { fallbackMessage: SKILL_MESSAGES.detailsFailed });

export const createSkill = (body: SkillCreate) =>
  api<Skill>('/api/skills', { method: 'POST', body, fallbackMessage: SKILL_MESSAGES.createFailed });

export const updateSkill = (id: number, body: SkillUpdate) =>
  api<Skill>(`/api/skills/${id}`, { method: 'PATCH', body, fallbackMessage: SKILL_MESSAGES.updateFailed });

export const deleteSkill = (id: number) =>
  api<OkBody>(`/api/skills/${id}`, { method: 'DELETE', fallbackMessage: SKILL_MESSAGES.deleteFailed });
