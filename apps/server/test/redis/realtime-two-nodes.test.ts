// Two app nodes on one database and one Redis: a change made through node A reaches a socket on node B,
// and both see the same viewers of a job (DESIGN §6b; Socket.IO Redis streams adapter).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Job, ServerToClientEvents } from '@portal/contracts';
import { redisUrl, requester, setupTestApp } from '../helper.ts';
import { createJob, createSkills, jobBody } from '../job-fixtures.ts';
import { createCandidate } from '../candidate-fixtures.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const shared = `sqlite:${join(mkdtempSync(join(tmpdir(), 'portal-two-nodes-')), 'shared.sqlite')}`;
const nodeA = setupTestApp({ REDIS_URL: redisUrl(), DATABASE_URL: shared });
const nodeB = setupTestApp({ REDIS_URL: redisUrl(), DATABASE_URL: shared });
const clients: Client[] = [];
let job: Job;
let addressA: string;
let addressB: string;

beforeAll(async () => {
  addressA = await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
  addressB = await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
  const skills = await createSkills(nodeA, ['React']);
  job = await createJob(nodeA, nodeA.adminToken, { ...jobBody([skills.React!]), questions: [] });
});
afterAll(() => clients.forEach((c) => c.disconnect()));

async function open(address: string, token: string): Promise<Client> {
  const client: Client = connect(address, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
  return client;
}
const join_ = (client: Client, jobId: number) =>
  new Promise((resolve) => client.emit('job:join', { jobId }, resolve));

describe('two nodes through Redis', () => {
  it('a change through node A reaches a socket on node B; presence is the same from both', async () => {
    const onA = await open(addressA, nodeA.adminToken);
    const recruiter = await nodeA.createUser({ name: 'Recruiter On Node B' });
    const onB = await open(addressB, recruiter.token);
    const received: string[] = [];
    const viewersOnA: string[][] = [];
    const viewersOnB: string[][] = [];
    onB.on('candidate:created', (c) => received.push(c.name));
    onA.on('presence', (p) => viewersOnA.push(p.viewers.map((v) => v.name).sort()));
    onB.on('presence', (p) => viewersOnB.push(p.viewers.map((v) => v.name).sort()));
    await join_(onA, job.id);
    await join_(onB, job.id);

    const c = await createCandidate(nodeA, nodeA.adminToken, job.id, { name: 'Cross Node Candidate' });
    const deadline = Date.now() + 5000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([c.name]);
    // The same two viewers, whichever node is asked.
    expect(viewersOnA.at(-1)).toHaveLength(2);
    expect(viewersOnB.at(-1)).toEqual(viewersOnA.at(-1));
    expect(viewersOnA.at(-1)).toContain('Recruiter On Node B');
    const status = await requester(nodeB)('PATCH', `/api/candidates/${c.uuid}/status`, nodeB.adminToken, {
      status: 'screening',
    });
    expect(status.statusCode).toBe(200);
    const changed = await new Promise((resolve) => onA.once('candidate:status-changed', resolve));
    expect(changed).toMatchObject({ candidateId: c.id, to: 'screening' });
  });
});
