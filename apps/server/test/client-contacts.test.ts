import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, REVIEW_MESSAGES as R, type ClientContact, type Job } from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';

const ctx = setupTestApp();
const send = requester(ctx);
let job: Job;
let other: Job;
let editor: Awaited<ReturnType<typeof ctx.createUser>>;
let outsider: Awaited<ReturnType<typeof ctx.createUser>>;

const contactsUrl = (jobId: number | string) => `/api/jobs/${jobId}/client-contacts`;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Kotlin']);
  editor = await ctx.createUser();
  outsider = await ctx.createUser();
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Kotlin!]),
    questions: [],
    editable_by: [editor.user.id],
  });
  other = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Kotlin!]), questions: [] });
});

describe("a job's client contacts", () => {
  it('are added by those who may edit the job and listed by name to anyone signed in', async () => {
    const added = await send('POST', contactsUrl(job.id), editor.token, {
      name: 'Priya Nair',
      email: 'Priya.Nair@Client.example',
    });
    expect(added.statusCode, added.body).toBe(201);
    const contact: ClientContact = added.json();
    // Kept in one spelling, so that the same address written otherwise is the same contact.
    expect(contact).toMatchObject({
      jobId: job.id,
      name: 'Priya Nair',
      email: 'priya.nair@client.example',
      createdBy: editor.user.name,
    });
    expect(
      (
        await send('POST', contactsUrl(job.id), ctx.adminToken, {
          name: 'Anil Mehta',
          email: 'anil@client.example',
        })
      ).statusCode,
    ).toBe(201);

    const list = await send('GET', contactsUrl(job.id), outsider.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((c: ClientContact) => c.name)).toEqual(['Anil Mehta', 'Priya Nair']);
    expect((await send('GET', contactsUrl(other.id), outsider.token)).json().items).toEqual([]);
  });

  it('refuses the same e-mail twice on one job (409, in any case), and takes it on another job', async () => {
    const first = await send('POST', contactsUrl(job.id), ctx.adminToken, {
      name: 'Ravi',
      email: 'ravi@client.example',
    });
    expect(first.statusCode).toBe(201);
    const again = await send('POST', contactsUrl(job.id), ctx.adminToken, {
      name: 'Ravi K',
      email: 'RAVI@client.example',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: R.contactExists, field: 'email' });
    const elsewhere = await send('POST', contactsUrl(other.id), ctx.adminToken, {
      name: 'Ravi',
      email: 'ravi@client.example',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('answers 400 with a clear message for a missing name, a bad e-mail or a field it does not know', async () => {
    const before = await ctx.count('job_client_contacts');
    for (const [body, message] of [
      [{ name: '', email: 'a@client.example' }, R.contactNameRequired],
      [{ name: '   ', email: 'a@client.example' }, R.contactNameRequired],
      [{ name: 'A', email: 'not an address' }, R.contactEmailInvalid],
      [{ name: 'A' }, null],
      [{ name: 'A', email: 'a@client.example', jobId: other.id }, null],
    ] as const) {
      const res = await send('POST', contactsUrl(job.id), ctx.adminToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
      else expect(res.json().message).toBeTruthy();
    }
    expect((await send('GET', contactsUrl('abc'), ctx.adminToken)).statusCode).toBe(400);
    expect(await ctx.count('job_client_contacts')).toBe(before);
  });

  it('refuses those who may not edit the job (403), and answers 401 without a session', async () => {
    const res = await send('POST', contactsUrl(job.id), outsider.token, {
      name: 'X',
      email: 'x@client.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(R.noContactPermission);
    const [contact] = (await send('GET', contactsUrl(job.id), ctx.adminToken)).json()
      .items as ClientContact[];
    const removal = await send('DELETE', `${contactsUrl(job.id)}/${contact!.id}`, outsider.token);
    expect(removal.statusCode).toBe(403);
    expect((await send('GET', contactsUrl(job.id))).statusCode).toBe(401);
    expect(
      (await send('POST', contactsUrl(job.id), undefined, { name: 'X', email: 'x@client.example' }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 404 for an unknown job or contact, and for a contact of another job', async () => {
    for (const [method, url, body] of [
      ['GET', contactsUrl(999999), undefined],
      ['POST', contactsUrl(999999), { name: 'X', email: 'x@client.example' }],
      ['DELETE', `${contactsUrl(999999)}/1`, undefined],
    ] as const) {
      const res = await send(method, url, ctx.adminToken, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(JOB_MESSAGES.notFound);
    }
    expect((await send('DELETE', `${contactsUrl(job.id)}/999999`, ctx.adminToken)).json()).toMatchObject({
      statusCode: 404,
      message: R.contactNotFound,
    });
    const [ofOther] = (await send('GET', contactsUrl(other.id), ctx.adminToken)).json()
      .items as ClientContact[];
    const wrongJob = await send('DELETE', `${contactsUrl(job.id)}/${ofOther!.id}`, ctx.adminToken);
    expect(wrongJob.statusCode).toBe(404);
    expect((await send('GET', contactsUrl(other.id), ctx.adminToken)).json().items).toHaveLength(1);
  });

  it('are removed by an editor of the job', async () => {
    const added: ClientContact = (
      await send('POST', contactsUrl(job.id), editor.token, {
        name: 'Leaving',
        email: 'leaving@client.example',
      })
    ).json();
    const res = await send('DELETE', `${contactsUrl(job.id)}/${added.id}`, editor.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: R.contactRemoved });
    const names = (await send('GET', contactsUrl(job.id), editor.token))
      .json()
      .items.map((c: ClientContact) => c.name);
    expect(names).not.toContain('Leaving');
  });
});
