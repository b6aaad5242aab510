import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One person viewing a job (the `presence` message's entries). */
export interface Viewer {
  userId: number;
  name: string;
}

/** How often a node tells Redis it is alive and keeps its viewers from expiring. */
export const PRESENCE_HEARTBEAT_MS = 5_000;
/** A node silent this long is gone (crashed): its viewers are dropped and the jobs it had told. */
export const PRESENCE_NODE_TTL_MS = 3 * PRESENCE_HEARTBEAT_MS;
/** A node's keys outlive its entry, so that the node that removes a crashed one still finds its jobs; they
 * expire by themselves when no node is left to do it. */
const KEYS_TTL_MS = 2 * PRESENCE_NODE_TTL_MS;

const KEY = 'portal:presence:';
/** The live nodes, each with the time of its last heartbeat. */
const NODES = `${KEY}nodes`;
/**
 * Redis's clock, in milliseconds: heartbeats are written and judged by one clock, so a node whose own clock
 * runs a few seconds behind the others is not taken for a crashed one.
 */
async function sharedNow(redis: Redis): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

/** One node's viewers of one job: userId -> name. */
const jobKey = (jobId: number, node: string) => `${KEY}job:${jobId}:${node}`;
/** The jobs one node has viewers of (to clean up after it when it crashed). */
const nodeJobsKey = (node: string) => `${KEY}node:${node}:jobs`;

/**
 * Who is viewing which job, without ever listing sockets: each node counts its own sockets per
 * job per user; with Redis, each node also keeps a hash per job of the users it has there, written when a
 * user's count goes from 0 to 1 or back, and the viewers of a job are the union of the live nodes' hashes.
 * A heartbeat keeps a node's hashes alive; a node whose heartbeat stops is removed by the first other node
 * that notices, which then gets the jobs it had so their rooms hear who is left. Writes go on the one
 * connection the reads use, in order: a read made after a join or leave sees it.
 */
export function createPresence(redis: Redis | null, onError: (error: unknown) => void) {
  const node = randomUUID();
  /** jobId -> userId -> this node's sockets of that user in the job, and the user's name. */
  const local = new Map<number, Map<number, { name: string; sockets: number }>>();

  const localViewers = (jobId: number): Viewer[] =>
    [...(local.get(jobId) ?? new Map<number, { name: string }>())].map(([userId, { name }]) => ({
      userId,
      name,
    }));

  return {
    /**
     * A socket of `user` started viewing the job on this node. Answers whether the job's viewers may have
     * changed (the user's first socket here); the shared view is written in the background.
     */
    join(jobId: number, user: { id: number; name: string }): boolean {
      let users = local.get(jobId);
      if (!users) local.set(jobId, (users = new Map()));
      const entry = users.get(user.id);
      if (entry) return (entry.sockets++, false);
      users.set(user.id, { name: user.name, sockets: 1 });
      redis
        ?.multi()
        .hset(jobKey(jobId, node), String(user.id), user.name)
        .pexpire(jobKey(jobId, node), KEYS_TTL_MS)
        .sadd(nodeJobsKey(node), String(jobId))
        .pexpire(nodeJobsKey(node), KEYS_TTL_MS)
        .exec()
        .catch(onError);
      return true;
    },

    /** A socket of the user stopped viewing the job on this node (left the room or disconnected).
     * Answers whether the job's viewers may have changed (the user's last socket here). */
    leave(jobId: number, userId: number): boolean {
      const users = local.get(jobId);
      const entry = users?.get(userId);
      if (!users || !entry || --entry.sockets > 0) return false;
      users.delete(userId);
      if (users.size === 0) local.delete(jobId);
      const write = redis?.multi().hdel(jobKey(jobId, node), String(userId));
      if (users.size === 0) write?.srem(nodeJobsKey(node), String(jobId));
      write?.exec().catch(onError);
      return true;
    },

    /** The job's viewers on every live node, each user once. */
    async viewers(jobId: number): Promise<Viewer[]> {
      if (!redis) return localViewers(jobId);
      const nodes = await redis.zrangebyscore(NODES, (await sharedNow(redis)) - PRESENCE_NODE_TTL_MS, '+inf');
      const hashes = await Promise.all(nodes.map((n) => redis.hgetall(jobKey(jobId, n))));
      const viewers = new Map<number, Viewer>();
      for (const hash of hashes)
        for (const [userId, name] of Object.entries(hash))
          viewers.set(Number(userId), { userId: Number(userId), name });
      return [...viewers.values()];
    },

    /**
     * This node is alive: refreshes its entry and writes its viewers again (which also repairs a write
     * that failed while Redis was away), then removes the nodes that stopped beating. Returns the jobs
     * whose viewers changed because of them (none without Redis).
     */
    async heartbeat(): Promise<number[]> {
      if (!redis) return [];
      const now = await sharedNow(redis);
      // One transaction: readers never see a node's hash emptied and not yet filled again.
      const refresh = redis.multi().zadd(NODES, now, node).del(nodeJobsKey(node));
      for (const [jobId, users] of local) {
        const names = Object.fromEntries([...users].map(([userId, { name }]) => [userId, name]));
        refresh
          .del(jobKey(jobId, node))
          .hset(jobKey(jobId, node), names)
          .pexpire(jobKey(jobId, node), KEYS_TTL_MS)
          .sadd(nodeJobsKey(node), String(jobId));
      }
      await refresh.pexpire(nodeJobsKey(node), KEYS_TTL_MS).exec();
      const changed: number[] = [];
      for (const gone of await redis.zrangebyscore(NODES, '-inf', now - PRESENCE_NODE_TTL_MS)) {
        // Only the node whose ZREM removes the entry cleans up after it.
        if ((await redis.zrem(NODES, gone)) === 0) continue;
        changed.push(...(await forget(gone)));
      }
      return changed;
    },

    /** This node stops: its viewers go at once. Returns the jobs they were viewing. */
    async close(): Promise<number[]> {
      const jobs = [...local.keys()];
      local.clear();
      if (redis) {
        await redis.zrem(NODES, node);
        await forget(node);
      }
      return jobs;
    },
  };

  /** Deletes a node's hashes; answers the jobs it had viewers of. */
  async function forget(gone: string): Promise<number[]> {
    const jobs = (await redis!.smembers(nodeJobsKey(gone))).map(Number);
    await redis!.del(nodeJobsKey(gone), ...jobs.map((jobId) => jobKey(jobId, gone)));
    return jobs;
  }
}
export type Presence = ReturnType<typeof createPresence>;
