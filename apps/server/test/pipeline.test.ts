import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_MESSAGES as M,
  CANDIDATE_STATUSES,
  PIPELINE_MESSAGES as P,
  type Candidate,
  type Job,
  type LoginResponse,
  type PipelineBoard,
  type PipelineCard,
  type PipelineColumnPage,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { addCandidates, createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';
import { placeFor } from '../src/modules/candidates/pipeline.ts';

const ctx = setupTestApp();
const send = requester(ctx);
let job: Job;
let otherJob: Job;
let editor: LoginResponse;
let outsider: LoginResponse;
const added: Candidate[] = [];

const answers = { job_answers: { 'Why do you want to join us?': 'The product.' } };
const SOURCES = ['Naukri', 'LinkedIn', 'Direct'];

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Kotlin']);
  editor = await ctx.createUser({ name: 'Priya Sharma' });
  outsider = await ctx.createUser({ name: 'Kavya Nair' });
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Kotlin!]),
    title: 'Android Engineer',
    editable_by: [editor.user.id],
  });
  otherJob = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Kotlin!]), title: 'QA Engineer' });
  for (let i = 0; i < 9; i++) {
    added.push(
      await createCandidate(ctx, ctx.adminToken, job.id, {
        ...answers,
        name: `Rahul Menon ${i}`,
        source: SOURCES[i % 3],
        experience: i,
      }),
    );
  }
  await createCandidate(ctx, ctx.adminToken, otherJob.id, answers);
});

async function board(query = '', token = ctx.adminToken): Promise<PipelineBoard> {
  const res = await send('GET', `/api/jobs/${job.id}/pipeline${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const columnOf = (b: PipelineBoard, status: string) => b.columns.find((c) => c.status === status)!;
const totalOf = (b: PipelineBoard) => b.columns.reduce((n, c) => n + c.total, 0);

async function card(uuid: string): Promise<PipelineCard> {
  const b = await board('?perColumn=200');
  return b.columns.flatMap((c) => c.cards).find((c) => c.uuid === uuid)!;
}

function move(uuid: string, body: Record<string, unknown>, token = ctx.adminToken) {
  return send('POST', `/api/candidates/${uuid}/move`, token, body);
}

/** Every card of a column, page by page. */
async function wholeColumn(status: string, jobId = job.id, limit = 200): Promise<PipelineCard[]> {
  const cards: PipelineCard[] = [];
  let after: string | null = null;
  do {
    const res = await send(
      'GET',
      `/api/jobs/${jobId}/pipeline/${status}?limit=${limit}${after ? `&after=${after}` : ''}`,
      ctx.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<PipelineColumnPage>();
    cards.push(...page.cards);
    after = page.next;
  } while (after);
  return cards;
}

/** Keys strictly increasing, byte by byte (no two equal). */
function expectStrictOrder(cards: PipelineCard[]) {
  for (let i = 1; i < cards.length; i++) {
    expect(Buffer.compare(Buffer.from(cards[i - 1]!.position), Buffer.from(cards[i]!.position))).toBe(-1);
  }
}

describe('the pipeline board', () => {
  it('has a column per status in order; totals add up to the job and follow the filters', async () => {
    const b = await board();
    expect(b.columns.map((c) => c.status)).toEqual([...CANDIDATE_STATUSES]);
    expect(totalOf(b)).toBe(9);
    expect(columnOf(b, 'applied').cards.map((c) => c.uuid)).toEqual(added.map((c) => c.uuid));
    expect(columnOf(b, 'applied').cards[0]).toMatchObject({
      name: 'Rahul Menon 0',
      status: 'applied',
      version: 1,
      current_company: 'Infosys',
      expected_ctc: 18,
      source: 'Naukri',
      canEdit: true,
    });
    expectStrictOrder(columnOf(b, 'applied').cards);

    expect(totalOf(await board('?source=Naukri'))).toBe(3);
    expect(totalOf(await board('?experienceMin=2&experienceMax=5'))).toBe(4);
    const searched = await board('?search=menon%207');
    expect(totalOf(searched)).toBe(1);
    expect(columnOf(searched, 'applied').cards.map((c) => c.name)).toEqual(['Rahul Menon 7']);
    const today = new Date().toISOString().slice(0, 10);
    expect(totalOf(await board(`?from=2000-01-01&to=2000-01-02`))).toBe(0);
    expect(totalOf(await board(`?from=${today}`))).toBe(9);
    const bad = await send(
      'GET',
      `/api/jobs/${job.id}/pipeline?experienceMin=5&experienceMax=2`,
      ctx.adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect((await send('GET', '/api/jobs/999999/pipeline', ctx.adminToken)).statusCode).toBe(404);
  });

  it('shows the cards of a user who may not move them as not editable', async () => {
    const b = await board('', outsider.token);
    expect(columnOf(b, 'applied').cards.every((c) => !c.canEdit)).toBe(true);
    expect(columnOf(await board('', editor.token), 'applied').cards[0]!.canEdit).toBe(true);
  });

  it('reads a column in keyset pages, in order, each card once', async () => {
    const first = columnOf(await board('?perColumn=4'), 'applied');
    expect(first.cards).toHaveLength(4);
    expect(first.next).not.toBeNull();
    const all = await wholeColumn('applied', job.id, 2);
    expect(all.map((c) => c.uuid)).toEqual(added.map((c) => c.uuid));
    const badCursor = await send('GET', `/api/jobs/${job.id}/pipeline/applied?after=bm9wZQ`, ctx.adminToken);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe(P.badCursor);
  });

  it('a move changes both totals, writes the history entry, and the order persists', async () => {
    const [a, b] = [added[0]!, added[1]!];
    const before = await board();
    let res = await move(a.uuid, { status: 'screening', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<PipelineCard>();
    expect(moved).toMatchObject({ status: 'screening', version: 2 });
    const after = await board();
    expect(columnOf(after, 'applied').total).toBe(columnOf(before, 'applied').total - 1);
    expect(columnOf(after, 'screening').total).toBe(columnOf(before, 'screening').total + 1);

    // b goes above a in screening, then a is put back above b.
    res = await move(b.uuid, { status: 'screening', before: a.uuid, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(columnOf(await board(), 'screening').cards.map((c) => c.uuid)).toEqual([b.uuid, a.uuid]);
    const stageOfB = res.json<PipelineCard>().stage_entered_at;
    res = await move(a.uuid, { status: 'screening', before: b.uuid, version: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PipelineCard>().version).toBe(3);
    const screening = columnOf(await board(), 'screening').cards;
    expect(screening.map((c) => c.uuid)).toEqual([a.uuid, b.uuid]);
    expectStrictOrder(screening);
    // A place within the column is not a change of stage.
    expect(screening[1]!.stage_entered_at).toBe(stageOfB);

    const details = (await send('GET', `/api/candidates/${a.uuid}`, ctx.adminToken)).json();
    expect(details.history[0]).toMatchObject({ from: 'applied', to: 'screening', changed_by: 'admin' });
    expect(details.history).toHaveLength(2);
  });

  it('puts a candidate that enters a column another way at its end', async () => {
    const c = added[2]!;
    const res = await send('PATCH', `/api/candidates/${c.uuid}/status`, ctx.adminToken, {
      status: 'screening',
    });
    expect(res.statusCode, res.body).toBe(200);
    const screening = columnOf(await board(), 'screening').cards;
    expect(screening[screening.length - 1]!.uuid).toBe(c.uuid);
    expectStrictOrder(screening);
    const fresh = await createCandidate(ctx, ctx.adminToken, job.id, { ...answers, name: 'Late Applicant' });
    const applied = columnOf(await board(), 'applied').cards;
    expect(applied[applied.length - 1]!.uuid).toBe(fresh.uuid);
    added.push(fresh);
  });

  it('refuses a neighbour from another column or another job', async () => {
    const c = added[3]!;
    const inOtherJob = (await wholeColumn('applied', otherJob.id))[0]!;
    for (const body of [
      { status: 'screening', before: added[4]!.uuid, version: 1 },
      { status: 'applied', after: inOtherJob.uuid, version: 1 },
      { status: 'applied', before: c.uuid, version: 1 },
    ]) {
      const res = await move(c.uuid, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(P.neighbourNotFound);
    }
    expect(await card(c.uuid)).toMatchObject({ status: 'applied', version: 1 });
  });

  it('answers a move from a stale version with who moved the card, when, and the card as it is', async () => {
    const c = added[3]!;
    expect((await move(c.uuid, { status: 'interviewed', version: 1 }, editor.token)).statusCode).toBe(200);
    const res = await move(c.uuid, { status: 'shortlisted', version: 1 });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      code: 'CONFLICT',
      // By name, as the edit conflict names who changed the candidate (not by username).
      changed_by: editor.user.name,
      message: P.movedSince(editor.user.name, c.name, 'interviewed'),
      current: { uuid: c.uuid, status: 'interviewed', version: 2 },
    });
    expect(body.message).toContain('to Interviewed');
    expect(Date.now() - new Date(body.changed_at).getTime()).toBeLessThan(60_000);
    expect((await card(c.uuid)).status).toBe('interviewed');
  });

  it('refuses a move to rejected without the reason, stage and comments, and leaves the card', async () => {
    const c = added[4]!;
    for (const [extra, message] of [
      [{}, M.rejectionReasonRequired],
      [{ rejection_details: { stage: 'Initial Screening', comments: 'x' } }, M.rejectionReasonRequired],
    ] as const) {
      const res = await move(c.uuid, { status: 'rejected', version: 1, ...extra });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await card(c.uuid)).toMatchObject({ status: 'applied', version: 1 });
    const res = await move(c.uuid, {
      status: 'rejected',
      version: 1,
      rejection_details: { reason: 'Cultural Fit', stage: 'Initial Screening', comments: ' Moved on ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const details = (await send('GET', `/api/candidates/${c.uuid}`, ctx.adminToken)).json();
    expect(details).toMatchObject({ status: 'rejected', rejection_reason: 'Cultural Fit' });
    expect(details.history[0]).toMatchObject({
      to: 'rejected',
      reason: 'Cultural Fit',
      comments: 'Moved on',
    });
  });

  it('refuses an employee who may not change the candidate, and changes nothing', async () => {
    const c = added[5]!;
    const before = await board();
    const res = await move(c.uuid, { status: 'selected', version: 1 }, outsider.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.noStatusPermission);
    expect(await board()).toEqual(before);
  });

  it('keeps a strict order with no duplicate and no lost card under 200 concurrent moves into one column', async () => {
    await addCandidates(ctx, job.id, 200);
    const applied = await wholeColumn('applied');
    const movers = applied.slice(-200);
    const anchor = (await wholeColumn('selected'))[0];
    // All at once. A move that waited longer for a database connection than the server allows is
    // refused whole (503, nothing written) and sent again, as a client does after Retry-After.
    let pending = movers.map((m, i) => ({ m, i }));
    for (let round = 0; pending.length > 0 && round < 5; round++) {
      const results = await Promise.all(
        pending.map(({ m, i }) =>
          move(m.uuid, {
            status: 'selected',
            version: m.version,
            ...(anchor && i % 2 ? { before: anchor.uuid } : {}),
          }),
        ),
      );
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
      pending = pending.filter((_, k) => results[k]!.statusCode === 503);
    }
    expect(pending).toEqual([]);
    const selected = await wholeColumn('selected');
    expect(selected).toHaveLength(200 + (anchor ? 1 : 0));
    expect(new Set(selected.map((c) => c.uuid)).size).toBe(selected.length);
    expectStrictOrder(selected);
    expect(columnOf(await board(), 'selected').total).toBe(selected.length);
  }, 60_000);

  it('keeps a strict order over 10,000 moves to the top of one column', async () => {
    // MySQL here shares a small machine: fewer moves there (the keys, and how they compare, are the same).
    const moves = process.env.TEST_DB === 'mysql' ? 2000 : 10_000;
    // The key of each move as the move computes it (neighbours, key), written as the move writes it; the
    // rest of a move (history, counts, messages) has its own tests above.
    let order = (await wholeColumn('selected')).slice(0, 3);
    await ctx.app.db.transaction(async (trx) => {
      for (let i = 0; i < moves; i++) {
        const [first, second, third] = order as [PipelineCard, PipelineCard, PipelineCard];
        const position = await placeFor(trx, job.id, 'selected', third.id, { before: first.uuid });
        await trx('candidates').where({ id: third.id }).update({ position });
        order = [{ ...third, position }, first, second];
      }
    });
    const selected = await wholeColumn('selected');
    expectStrictOrder(selected);
    expect(selected.slice(0, 3).map((c) => c.uuid)).toEqual(order.map((c) => c.uuid));
    expect(selected[0]!.position.length).toBeLessThan(10);
  }, 120_000);
});
