/** The Socket.IO rooms (DESIGN §6), named in one place. */
export const rooms = {
  job: (jobId: number) => `job:${jobId}`,
  board: 'board',
  dashboard: 'dashboard',
  /** Every socket of a user, and of one session: to disconnect them when sessions end. */
  user: (userId: number) => `user:${userId}`,
  session: (sid: string) => `session:${sid}`,
};
