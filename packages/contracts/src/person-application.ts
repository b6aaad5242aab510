import { Type, type Static } from 'typebox';

/** One application of a person, as the duplicate check and the talent pool name it. */
export const PersonApplication = Type.Object({
  uuid: Type.String(),
  jobId: Type.Integer(),
  jobTitle: Type.String(),
  status: Type.String(),
});
export type PersonApplication = Static<typeof PersonApplication>;
