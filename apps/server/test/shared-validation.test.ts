import { describe, expect, it } from 'vitest';
import { type TSchema } from 'typebox';
import { JobCreate, PasswordChange, SkillCreate, UserCreate, fieldErrors } from '@portal/contracts';
import { employeeBody } from '../../../scripts/fixtures.ts';
import { auth, setupTestApp } from './helper.ts';
import { jobBody } from './job-fixtures.ts';

/**
 * The same input gives the same message through the server's route and through the check the browser's
 * forms run (`fieldErrors`, on the same contract): a rule or a message lives in one place.
 */
const ctx = setupTestApp();

const cases: [string, string, TSchema, Record<string, unknown>, string][] = [
  ['skill without a name', '/api/skills', SkillCreate, {}, 'name'],
  ['skill with a blank name', '/api/skills', SkillCreate, { name: '   ' }, 'name'],
  ['skill named by a number', '/api/skills', SkillCreate, { name: 42 }, 'name'],
  ['skill with a long name', '/api/skills', SkillCreate, { name: 'x'.repeat(101) }, 'name'],
  ['skill name with a NUL', '/api/skills', SkillCreate, { name: 'Ru\u0000st' }, 'name'],
  [
    'skill with a long description',
    '/api/skills',
    SkillCreate,
    { name: 'Go', description: 'd'.repeat(501) },
    'description',
  ],
  [
    'user with a bad e-mail',
    '/api/users',
    UserCreate,
    employeeBody('v1', { email: 'not-an-email' }),
    'email',
  ],
  [
    'user with a short password',
    '/api/users',
    UserCreate,
    employeeBody('v2', { password: '123' }),
    'password',
  ],
  [
    'user with a password of spaces',
    '/api/users',
    UserCreate,
    employeeBody('v3', { password: '       ' }),
    'password',
  ],
  [
    'user with a 9-digit mobile',
    '/api/users',
    UserCreate,
    employeeBody('v4', { mobile_number: '987654321' }),
    'mobile_number',
  ],
  ['user with a bad PAN', '/api/users', UserCreate, employeeBody('v5', { pan_number: 'ABC' }), 'pan_number'],
  ['user with an unknown role', '/api/users', UserCreate, { ...employeeBody('v6'), role: 'boss' }, 'role'],
  ['job without a title', '/api/jobs', JobCreate, { ...jobBody([1]), title: undefined }, 'title'],
  ['job with a title on two lines', '/api/jobs', JobCreate, jobBody([1], { title: 'Two\nlines' }), 'title'],
  ['job with a negative salary', '/api/jobs', JobCreate, jobBody([1], { minSalary: -1 }), 'minSalary'],
  [
    'job with a bad client e-mail',
    '/api/jobs',
    JobCreate,
    jobBody([1], { clientEmail: 'nope' }),
    'clientEmail',
  ],
  ['job with an unknown field', '/api/jobs', JobCreate, { ...jobBody([1]), colour: 'red' }, ''],
];

describe('server and browser say the same', () => {
  it.each(cases)('%s', async (_what, url, schema, body, field) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: auth(ctx.adminToken), payload: body });
    expect(res.statusCode).toBe(400);
    const browser = fieldErrors(schema, JSON.parse(JSON.stringify(body)));
    expect(browser[field]).toBe(res.json().message);
  });

  it('a valid body passes both', () => {
    expect(fieldErrors(SkillCreate, { name: 'Rust', description: 'Systems' })).toEqual({});
    expect(fieldErrors(PasswordChange, { newPassword: 'long-enough' })).toEqual({});
  });
});
