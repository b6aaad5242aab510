export { mysql as default } from './global-servers.ts';
