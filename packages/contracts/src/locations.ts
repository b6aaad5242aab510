import { Type, type Static } from 'typebox';

/** An Indian state or union territory (ISO 3166-2:IN code without the "IN-" prefix). */
export const State = Type.Object({ iso2: Type.String(), name: Type.String() });
export type State = Static<typeof State>;

export const District = Type.Object({ id: Type.Integer(), name: Type.String() });
export type District = Static<typeof District>;

export const StateList = Type.Array(State);
export const DistrictList = Type.Array(District);

export const StateCodeParams = Type.Object({
  stateCode: Type.String({ pattern: '^[A-Za-z]{2}$', errorMessage: 'State code must be two letters' }),
});
export type StateCodeParams = Static<typeof StateCodeParams>;
