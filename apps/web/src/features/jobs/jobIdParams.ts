import { notFound } from '@tanstack/react-router';
import { parseJobId } from './routeParams.ts';

/** Params of `/edit/$id`, `/details/$id` and `/view/$id`: a positive whole number, or the not-found page. */
export const jobIdParams = {
  parse: ({ id }: { id: string }) => {
    const parsed = parseJobId(id);
    if (parsed === null) throw notFound();
    return { id: parsed };
  },
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};
