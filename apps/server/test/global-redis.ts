export { redis as default } from './global-servers.ts';
