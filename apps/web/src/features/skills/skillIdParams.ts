import { notFound } from '@tanstack/react-router';
import { parseSkillId } from './routeParams.ts';

/** Params of `/edit/$id`: a positive whole number, or the not-found page. */
export const skillIdParams = {
  parse: ({ id }: { id: string }) => {
    const parsed = parseSkillId(id);
    if (parsed === null) throw notFound();
    return { id: parsed };
  },
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};
