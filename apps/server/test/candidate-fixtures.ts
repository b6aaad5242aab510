import type { Candidate, CandidateCreate } from '@portal/contracts';
import { expect } from 'vitest';
import { auth, requester, type TestContext } from './helper.ts';

let seq = 0;

/** The body the requirements' Add Candidate form sends, with a phone and e-mail of its own. */
export function candidateBody(jobId: number, overrides: Record<string, unknown> = {}): CandidateCreate {
  const n = ++seq;
  return {
    name: `Riya Kapoor ${n}`,
    email: `riya.kapoor.${n}.${process.pid}@example.com`,
    phone: `9${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`,
    experience: 4.5,
    current_company: 'Infosys',
    current_ctc: 12,
    expected_ctc: 18,
    notice_period: 30,
    current_location: 'Karnataka, Bengaluru Urban',
    preferred_location: 'Maharashtra, Pune',
    job_id: jobId,
    job_answers: { 'Why do you want to join us?': 'The product.' },
    source: 'LinkedIn',
    notes: 'Strong React skills',
    ...overrides,
  } as CandidateCreate;
}

export async function createCandidate(
  ctx: TestContext,
  token: string,
  jobId: number,
  overrides: Record<string, unknown> = {},
): Promise<Candidate> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/candidates',
    headers: auth(token),
    payload: candidateBody(jobId, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create candidate failed: ${res.body}`);
  return res.json();
}

/**
 * Two changes of `candidate` the server refuses inside their transactions, each asserted as a 409: a
 * duplicate of it (same e-mail) and a status change from a stale version. Tests of what a refused change
 * leaves behind (no live message, no outbox row) make them.
 */
export async function refusedCandidateChanges(ctx: TestContext, token: string, candidate: Candidate) {
  const send = requester(ctx);
  const dup = await send('POST', '/api/candidates', token, {
    name: 'Copy',
    email: candidate.email,
    phone: '9000000001',
    experience: 1,
    job_id: candidate.job_id,
  });
  expect(dup.statusCode).toBe(409);
  const stale = await send('PATCH', `/api/candidates/${candidate.uuid}/status`, token, {
    status: 'selected',
    version: 99,
  });
  expect(stale.statusCode).toBe(409);
}

/** The smallest files each upload check recognises by content. */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  doc: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]),
  /** A ZIP whose entry is named word/document.xml, as every DOCX has. */
  docx: Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.alloc(26),
    Buffer.from('word/document.xml'),
    Buffer.alloc(64),
  ]),
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('x.txt')]),
  png: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  exe: Buffer.from('MZ\x90\x00this is not a document'),
};
