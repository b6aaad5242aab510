/**
 * The live connection: one Socket.IO connection per signed-in session, authenticated by the
 * session cookie (the app is same-origin), reconnecting by itself. Screens join the rooms of what they
 * show (`useLiveRoom`) and listen to messages (`useLiveEvent`).
 *
 * No change is lost or shown twice: each message a change sends carries its room and its number
 * in that room. The last number applied per room is remembered; a repeat is dropped; a number that skips
 * ahead, or a join answering with a later number after a reconnect Socket.IO did not recover, makes the
 * client read what it missed from `GET /api/events` and apply it in order first. When the server no longer
 * has it (`reset`), the screens fetch what they show again (`onResync`).
 *
 * The parts: `live/connection.ts` (the socket and its status), `live/rooms.ts` (the rooms screens want,
 * joined again on each new connection), `live/sequence.ts` (numbered messages, in order, read back after a
 * gap), `live/presence.ts` (who views each job), `live/fresh.ts` (what changed a moment ago) and
 * `live/hooks.ts` (how screens use them).
 */
export { closeLiveSocket, configureLive, liveSocket, useLiveStatus } from './live/connection.ts';
export type { LiveSocket, LiveStatus } from './live/connection.ts';
export { isLiveRoomJoined } from './live/rooms.ts';
export type { LiveRoom } from './live/rooms.ts';
export { onResync } from './live/sequence.ts';
export type { Viewer } from './live/presence.ts';
export { markFresh, useIsFresh } from './live/fresh.ts';
export { useLiveCatchUp, useLiveEvent, useLiveRoom, useLiveRooms, usePresence } from './live/hooks.ts';
