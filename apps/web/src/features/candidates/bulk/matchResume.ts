/** The resume matching rule lives in the contracts: the server names the ZIP's files it matches to no one. */
export { baseName, matchResume, type NamedEntry } from '@portal/contracts';
