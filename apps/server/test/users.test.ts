import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  USER_EDIT_REQUIRED,
  USER_MESSAGES,
  requiredOnEdit,
  type User,
  type UserCreate,
} from '@portal/contracts';
import { employeeBody } from '../../../scripts/fixtures.ts';
import { createUserService } from '../src/modules/users/service.ts';
import { ADMIN, auth, setupTestApp, unknownUserId } from './helper.ts';

const ctx = setupTestApp();
let adminId: number;

beforeAll(async () => {
  adminId = (await ctx.login(ADMIN.username, ADMIN.password)).user.id;
});

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

const asAdmin = () => auth(ctx.adminToken);

async function createUser(overrides: Partial<UserCreate> = {}) {
  const key = unique('u');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: asAdmin(),
    payload: employeeBody(key, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as User;
}

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
const put = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: auth(token), payload });
const del = (url: string, token: string) => ctx.app.inject({ method: 'DELETE', url, headers: auth(token) });

describe('adding a user: every rule of the add-user form, refused and accepted', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['name missing', { name: undefined }, 'Name is required'],
    ['name blank', { name: '   ' }, 'Name is required'],
    ['username missing', { username: undefined }, 'Username is required'],
    ['username too short', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['username with spaces', { username: 'ravi kumar' }, USER_MESSAGES.usernameCharacters],
    ['email missing', { email: undefined }, 'Email is required'],
    ['email malformed', { email: 'ravi@' }, USER_MESSAGES.invalidEmail],
    ['password missing', { password: undefined }, 'Password is required'],
    ['password of 5', { password: '12345' }, PASSWORD_MESSAGES.tooShort],
    ['gender missing', { gender: undefined }, 'Gender is required'],
    ['gender unknown', { gender: 'Other' }, 'Gender is not one of the allowed values'],
    ['role missing', { role: undefined }, 'Role is required'],
    ['role unknown', { role: 'superuser' }, 'Role is not one of the allowed values'],
    ['department missing', { department: undefined }, 'Department is required'],
    ['department unknown', { department: 'Legal' }, 'Department is not one of the allowed values'],
    ['designation missing', { designation: undefined }, 'Designation is required'],
    ['designation unknown', { designation: 'CEO' }, 'Designation is not one of the allowed values'],
    ['mobile missing', { mobile_number: undefined }, 'Mobile number is required'],
    ['mobile of 9 digits', { mobile_number: '987654321' }, USER_MESSAGES.mobileDigits],
    ['mobile of 11 digits', { mobile_number: '98765432101' }, USER_MESSAGES.mobileDigits],
    ['mobile with letters', { mobile_number: '98765abcde' }, USER_MESSAGES.mobileDigits],
    ['alt mobile of 3 digits', { alt_mobile_number: '123' }, USER_MESSAGES.altMobileDigits],
    ['PAN missing', { pan_number: undefined }, 'PAN number is required'],
    ['PAN with 4 letters', { pan_number: 'ABCD12345F' }, USER_MESSAGES.panHint],
    ['PAN ending in a digit', { pan_number: 'ABCDE12345' }, USER_MESSAGES.panHint],
    ['Aadhar missing', { aadhar_number: undefined }, 'Aadhar number is required'],
    ['Aadhar of 11 digits', { aadhar_number: '12345678901' }, USER_MESSAGES.aadharDigits],
    ['Aadhar with a letter', { aadhar_number: '12345678901x' }, USER_MESSAGES.aadharDigits],
    ['address missing', { address: undefined }, 'Address is required'],
    ['address blank', { address: '  ' }, 'Address is required'],
    ['permissions missing', { permissions: undefined }, 'Permissions is required'],
    [
      'permission level unknown',
      { permissions: { type: 'Owner' } },
      'Permission level is not one of the allowed values',
    ],
    ['a field the form does not have', { salary: 5 }, 'Salary is not an accepted field'],
    ['a photo not uploaded here', { url: 'https://example.com/me.png' }, USER_MESSAGES.photoNotUploaded],
  ])('refuses %s with 400 and writes nothing', async (_case, override, message) => {
    const before = await ctx.count('users');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin(),
      payload: { ...employeeBody(unique('bad')), ...override },
    });
    // The field the form marks: the one that failed (a field the form does not have, or a photo file
    // missing on the server, is no input of the form).
    const [field] = Object.keys(override);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message,
      ...(field === 'salary' || field === 'url' ? {} : { field }),
    });
    expect(await ctx.count('users')).toBe(before);
  });

  it('accepts the boundary values and stores them normalised', async () => {
    const user = await createUser({
      password: '123456',
      role: 'Admin',
      mobile_number: '0123456789',
      alt_mobile_number: '9123456789',
      pan_number: 'abcde1234f',
      aadhar_number: '000011112222',
      permissions: { type: 'Limited', permissions: ['delete'] },
    });
    expect(user).toMatchObject({
      role: 'admin',
      status: 'active',
      mobile_number: '0123456789',
      alt_mobile_number: '9123456789',
      pan_number: 'ABCDE1234F',
      aadhar_number: '000011112222',
      // The level decides the list, whatever list was sent.
      permissions: { type: 'Limited', permissions: ['create', 'read', 'update'] },
    });
    expect(user.user_id).toMatch(/^USR\d{4}$/);
    expect(user).not.toHaveProperty('password_hash');
  });

  it('treats an empty alternative mobile as none', async () => {
    expect((await createUser({ alt_mobile_number: '' })).alt_mobile_number).toBeNull();
  });

  it('refuses a username or e-mail of a deleted user with a clear 409', async () => {
    const gone = await createUser();
    expect((await del(`/api/users/${gone.id}`, ctx.adminToken)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin(),
      payload: employeeBody(unique('x'), { username: gone.username.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_MESSAGES.takenByDeletedUser);
  });

  it('lets only an admin add users', async () => {
    const employee = await ctx.createUser();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(employee.token),
      payload: employeeBody(unique('e')),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('generated user ids', () => {
  it('proposes a free id that the new user keeps', async () => {
    const next = await get('/api/users/next-id', ctx.adminToken);
    expect(next.statusCode).toBe(200);
    const { user_id } = next.json();
    expect(user_id).toMatch(/^USR\d{4}$/);
    expect((await createUser({ user_id })).user_id).toBe(user_id);
  });

  it('draws another id when the proposed one was taken meanwhile', async () => {
    const first = await createUser();
    const second = await createUser({ user_id: first.user_id });
    expect(second.user_id).toMatch(/^USR\d{4}$/);
    expect(second.user_id).not.toBe(first.user_id);
  });

  it('refuses an id outside USR1000-USR9999', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin(),
      payload: employeeBody(unique('id'), { user_id: 'USR12' }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const employee = await ctx.createUser();
    expect((await get('/api/users/next-id', employee.token)).statusCode).toBe(403);
  });
});

describe('reading users', () => {
  it('shows the admin one user with PAN and Aadhar in full, but masks them in lists', async () => {
    const user = await createUser({ pan_number: 'PQRST6789K', aadhar_number: '987654321098' });
    const one = await get(`/api/users/${user.id}`, ctx.adminToken);
    expect(one.json()).toMatchObject({ pan_number: 'PQRST6789K', aadhar_number: '987654321098' });
    const list = await get(`/api/users?search=${user.username}`, ctx.adminToken);
    expect(list.json().items[0]).toMatchObject({ pan_number: 'XXXXXX789K', aadhar_number: 'XXXXXXXX1098' });
  });

  it('shows a user their own profile with masked identity numbers, and nobody else', async () => {
    const employee = await ctx.createUser({ pan_number: 'LMNOP4321Z', aadhar_number: '111122223333' });
    const other = await createUser();
    const own = await get(`/api/users/${employee.user.id}`, employee.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ pan_number: 'XXXXXX321Z', aadhar_number: 'XXXXXXXX3333' });
    const theirs = await get(`/api/users/${other.id}`, employee.token);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(USER_MESSAGES.onlyOwnProfile);
  });

  it('searches by username or e-mail and filters by status, 6 a page', async () => {
    const tag = unique('zeta');
    for (let i = 0; i < 7; i++)
      await createUser({ username: `${tag}u${i}`, email: `${tag}u${i}@example.com` });
    const byMail = await createUser({ email: `${tag}-mail@example.org` });
    await put(`/api/users/${byMail.id}`, ctx.adminToken, { status: 'inactive' });
    const all = (await get(`/api/users?search=${tag.toUpperCase()}`, ctx.adminToken)).json();
    expect(all).toMatchObject({ total: 8, pageSize: 6 });
    expect(all.items).toHaveLength(6);
    const inactive = (await get(`/api/users?search=${tag}&status=inactive`, ctx.adminToken)).json();
    expect(inactive.items.map((u: User) => u.id)).toEqual([byMail.id]);
    const active = (await get(`/api/users?search=${tag}&status=active&page=2`, ctx.adminToken)).json();
    expect(active).toMatchObject({ total: 7, page: 2 });
    expect(active.items).toHaveLength(1);
  });

  it("matches an employee's search only on what an employee may see (no e-mail addresses)", async () => {
    const tag = unique('hidden');
    const target = await createUser({ name: `Visible ${tag}`, email: `${tag}-secret@example.org` });
    const employee = await ctx.createUser();
    const byMail = (await get(`/api/users?search=${tag}-secret`, employee.token)).json();
    expect(byMail.total).toBe(0);
    const byName = (await get(`/api/users?search=visible ${tag}`, employee.token)).json();
    expect(byName.items.map((u: { id: number }) => u.id)).toEqual([target.id]);
    expect(Object.keys(byName.items[0]).sort()).toEqual(['id', 'name', 'user_id', 'username']);
    // The admin still finds the same user by e-mail.
    expect((await get(`/api/users?search=${tag}-secret`, ctx.adminToken)).json().total).toBe(1);
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await get('/api/users/999999', ctx.adminToken)).statusCode).toBe(404);
    expect((await get('/api/users/USR0000', ctx.adminToken)).statusCode).toBe(404);
    expect((await get('/api/users/abc', ctx.adminToken)).statusCode).toBe(400);
  });

  it('finds a user by the user id the screens show (USR1234) as by the row id', async () => {
    const user = await createUser();
    const byUserId = await get(`/api/users/${user.user_id}`, ctx.adminToken);
    expect(byUserId.json()).toMatchObject({ id: user.id, user_id: user.user_id, name: user.name });
    const free = (await get('/api/users/next-id', ctx.adminToken)).json().user_id as string;
    expect((await get(`/api/users/${free}`, ctx.adminToken)).statusCode).toBe(404);
    // An employee reads their own record by user id; anyone else's is refused, existing or not.
    const employee = await ctx.createUser();
    expect((await get(`/api/users/${employee.user.user_id}`, employee.token)).statusCode).toBe(200);
    expect((await get(`/api/users/${user.user_id}`, employee.token)).statusCode).toBe(403);
    expect((await get(`/api/users/${free}`, employee.token)).statusCode).toBe(403);
  });

  it("gives the header its user's name, position and photo", async () => {
    const employee = await ctx.createUser({ name: 'Anita Rao', designation: 'Team Lead' });
    const res = await get('/api/employee/profile', employee.token);
    expect(res.json()).toEqual({ name: 'Anita Rao', position: 'Team Lead', photo: null });
  });
});

describe('a user named by row id or by user id (USR1234), on every route', () => {
  it.each(['row id', 'user id'] as const)(
    'reads, edits, resets the password of, removes the photo of and deletes a user by %s',
    async (form) => {
      const user = await createUser();
      const ref = form === 'row id' ? String(user.id) : user.user_id;
      expect((await get(`/api/users/${ref}`, ctx.adminToken)).json()).toMatchObject({ id: user.id });
      const edited = await put(`/api/users/${ref}`, ctx.adminToken, { name: 'Renamed Person' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ id: user.id, user_id: user.user_id, name: 'Renamed Person' });
      const reset = await put(`/api/users/${ref}/password`, ctx.adminToken, { newPassword: 'reset-by-ref' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await ctx.login(user.username, 'reset-by-ref')).user.id).toBe(user.id);
      const photo = await del(`/api/users/${ref}/photo`, ctx.adminToken);
      expect(photo.statusCode, photo.body).toBe(200);
      expect(photo.json()).toMatchObject({ id: user.id, photo: null });
      const off = await put(`/api/users/${ref}`, ctx.adminToken, { status: 'inactive' });
      expect(off.json().status).toBe('inactive');
      expect((await del(`/api/users/${ref}`, ctx.adminToken)).json()).toEqual({
        ok: true,
        message: USER_MESSAGES.deleted,
      });
      expect((await get(`/api/users/${user.id}`, ctx.adminToken)).json().status).toBe('deleted');
      expect((await get(`/api/users/${user.user_id}`, ctx.adminToken)).json().status).toBe('deleted');
    },
  );

  it("lets an employee change their own profile and password by their user id, and nobody else's", async () => {
    const me = await ctx.createUser();
    const other = await createUser();
    const own = await put(`/api/users/${me.user.user_id}`, me.token, { address: 'New address' });
    expect(own.statusCode, own.body).toBe(200);
    const password = await put(`/api/users/${me.user.user_id}/password`, me.token, {
      currentPassword: me.password,
      newPassword: 'mine-by-ref',
    });
    expect(password.statusCode, password.body).toBe(200);
    for (const [method, url, payload] of [
      ['PUT', `/api/users/${other.user_id}`, { address: 'Hacked' }],
      ['PUT', `/api/users/${other.user_id}/password`, { currentPassword: 'x', newPassword: 'taken-over' }],
      ['DELETE', `/api/users/${other.user_id}/photo`, undefined],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: auth(me.token), payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(USER_MESSAGES.onlyOwnProfile);
    }
    expect((await get(`/api/users/${other.id}`, ctx.adminToken)).json().address).not.toBe('Hacked');
  });

  it('answers 404 User not found for a user id that names nobody, on every route, and changes nothing', async () => {
    const nobody = await unknownUserId(ctx);
    const before = await ctx.count('users');
    for (const [method, url, payload] of [
      ['GET', `/api/users/${nobody}`, undefined],
      ['PUT', `/api/users/${nobody}`, { name: 'Ghost' }],
      ['PUT', `/api/users/${nobody}/password`, { newPassword: 'ghost-pass' }],
      ['DELETE', `/api/users/${nobody}/photo`, undefined],
      ['DELETE', `/api/users/${nobody}`, undefined],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: asAdmin(), payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(USER_MESSAGES.notFound);
    }
    expect(await ctx.count('users')).toBe(before);
  });

  it.each(['abc', '0', 'USR12', '1.5', 'usr 1234'])(
    'refuses %s in a path with 400 and says what it takes',
    async (ref) => {
      for (const [method, url] of [
        ['GET', `/api/users/${encodeURIComponent(ref)}`],
        ['PUT', `/api/users/${encodeURIComponent(ref)}/password`],
        ['DELETE', `/api/users/${encodeURIComponent(ref)}`],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: asAdmin(),
          payload: method === 'PUT' ? { newPassword: 'whatever-1' } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message).toBe(USER_MESSAGES.refInvalid('User'));
      }
    },
  );
});

describe('editing users', () => {
  it('lets the admin change every field and status, with the same rules as adding', async () => {
    const user = await createUser();
    const res = await put(`/api/users/${user.id}`, ctx.adminToken, {
      name: 'Renamed Person',
      email: 'Renamed@Example.com',
      department: 'Finance',
      designation: 'Manager',
      pan_number: 'zyxwv9876a',
      permissions: { type: 'Full' },
      status: 'inactive',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed Person',
      email: 'renamed@example.com',
      department: 'Finance',
      pan_number: 'ZYXWV9876A',
      status: 'inactive',
      permissions: { type: 'Full', permissions: ['create', 'read', 'update', 'delete'] },
    });
    const bad = await put(`/api/users/${user.id}`, ctx.adminToken, { aadhar_number: '12' });
    expect(bad.json().message).toBe(USER_MESSAGES.aadharDigits);
    const empty = await put(`/api/users/${user.id}`, ctx.adminToken, {});
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a username or e-mail another user has, with 409', async () => {
    const a = await createUser();
    const b = await createUser();
    const name = await put(`/api/users/${b.id}`, ctx.adminToken, { username: a.username });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ message: USER_MESSAGES.usernameTaken, field: 'username' });
    const mail = await put(`/api/users/${b.id}`, ctx.adminToken, { email: a.email.toUpperCase() });
    expect(mail.json()).toMatchObject({ message: USER_MESSAGES.emailTaken, field: 'email' });
    const pan = await put(`/api/users/${b.id}`, ctx.adminToken, { pan_number: 'ABC' });
    expect(pan.json()).toMatchObject({ message: USER_MESSAGES.panHint, field: 'pan_number' });
    // Keeping your own username is not a clash.
    expect((await put(`/api/users/${b.id}`, ctx.adminToken, { username: b.username })).statusCode).toBe(200);
  });

  it('lets a user change their own contact details but nothing an admin decides, and nobody else', async () => {
    const employee = await ctx.createUser();
    const other = await createUser();
    const own = await put(`/api/users/${employee.user.id}`, employee.token, {
      mobile_number: '9000000001',
      address: 'New address, Pune',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ mobile_number: '9000000001', pan_number: 'XXXXXX234F' });
    for (const body of [
      { role: 'admin' },
      { status: 'active' },
      { pan_number: 'ABCDE0000A' },
      { permissions: { type: 'Full' } },
    ]) {
      const res = await put(`/api/users/${employee.user.id}`, employee.token, body);
      expect(res.statusCode).toBe(403);
    }
    const theirs = await put(`/api/users/${other.id}`, employee.token, { address: 'Hacked' });
    expect(theirs.statusCode).toBe(403);
    expect((await get(`/api/users/${other.id}`, ctx.adminToken)).json().address).not.toBe('Hacked');
  });
});

describe('the built-in admin editing their own record', () => {
  it('keeps what they never had optional, and what they have required', async () => {
    const own = (await get(`/api/users/${adminId}`, ctx.adminToken)).json() as User;
    // Made at start with a name, username, e-mail and role only.
    expect(own).toMatchObject({ pan_number: null, aadhar_number: null, address: null });
    expect(requiredOnEdit(own)).toEqual(['name', 'username', 'email', 'role', 'status', 'permissions']);
    // What the edit form sends for them: the filled fields, the never-given ones left out.
    const saved = await put(`/api/users/${adminId}`, ctx.adminToken, {
      name: own.name,
      username: own.username,
      email: own.email,
      role: 'admin',
      status: 'active',
      permissions: { type: 'Full' },
      mobile_number: '9000000009',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mobile_number: '9000000009', pan_number: null, address: null });
    expect(requiredOnEdit(saved.json())).toContain('mobile_number');
    // Given once, a field cannot be blanked again.
    const blank = await put(`/api/users/${adminId}`, ctx.adminToken, { mobile_number: '' });
    expect(blank.json()).toMatchObject({ message: USER_MESSAGES.mobileDigits, field: 'mobile_number' });
    // An employee with every field has them all required.
    expect(requiredOnEdit(await createUser())).toEqual([...USER_EDIT_REQUIRED]);
  });
});

describe('the self and last-admin rules', () => {
  it('does not let an admin deactivate, demote or delete themselves', async () => {
    const deactivate = await put(`/api/users/${adminId}`, ctx.adminToken, { status: 'inactive' });
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().message).toBe(USER_MESSAGES.cannotDeactivateSelf);
    const demote = await put(`/api/users/${adminId}`, ctx.adminToken, { role: 'user' });
    expect(demote.json().message).toBe(USER_MESSAGES.cannotChangeOwnRole);
    const remove = await del(`/api/users/${adminId}`, ctx.adminToken);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe(USER_MESSAGES.cannotDeleteSelf);
    expect((await get('/api/v2/me', ctx.adminToken)).statusCode).toBe(200);
  });
});

describe('the last active admin', () => {
  const solo = setupTestApp();
  const as = (token: string, url: string, payload: object) =>
    solo.app.inject({ method: 'PUT', url, headers: auth(token), payload });

  it('cannot be removed, whoever asks', async () => {
    // The service's own rule, asked by an admin who is no longer active (their session would be refused).
    const first = (await solo.login(ADMIN.username, ADMIN.password)).user.id;
    const other = await solo.createUser({ role: 'admin' });
    expect(
      (await as(solo.adminToken, `/api/users/${other.user.id}`, { status: 'inactive' })).statusCode,
    ).toBe(200);
    const service = createUserService({
      db: solo.app.db,
      inUnitOfWork: solo.app.inUnitOfWork,
      purchases: solo.app.services.ledger.purchaseLedger,
    });
    const ghost = { id: other.user.id, role: 'admin' as const };
    // One at a time: each refusal is awaited as it happens (started together, one could reject unheard).
    for (const attempt of [
      () => service.deleteUser(first, ghost),
      () => service.updateUser(first, { status: 'inactive' }, ghost),
      () => service.updateUser(first, { role: 'user' }, ghost),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        statusCode: 409,
        message: USER_MESSAGES.lastActiveAdmin,
      });
    }
  });

  it('stays when two admins switch each other off at the same moment', async () => {
    const a = await solo.createUser({ role: 'admin' });
    const b = await solo.createUser({ role: 'admin' });
    const first = (await solo.login(ADMIN.username, ADMIN.password)).user.id;
    expect((await as(a.token, `/api/users/${first}`, { status: 'inactive' })).statusCode).toBe(200);
    // Straight to the service, so that both changes really run at once (on MySQL, in two transactions).
    const users = solo.app.services.users;
    const results = await Promise.allSettled([
      users.updateUser(b.user.id, { status: 'inactive' }, { id: a.user.id, role: 'admin' }),
      users.updateUser(a.user.id, { status: 'inactive' }, { id: b.user.id, role: 'admin' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 409, message: USER_MESSAGES.lastActiveAdmin });
    const active = await solo.app.db('users').where({ role: 'admin', status: 'active' }).pluck('id');
    expect(active).toHaveLength(1);
  });
});

describe('sessions end when an account changes', () => {
  it('refuses an inactive user at once, and at sign-in, until they are active again', async () => {
    const employee = await ctx.createUser();
    expect((await get('/api/v2/me', employee.token)).statusCode).toBe(200);
    await put(`/api/users/${employee.user.id}`, ctx.adminToken, { status: 'inactive' });
    const next = await get('/api/v2/me', employee.token);
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { username: employee.user.username, password: employee.password },
    });
    expect(login.json().message).toBe(AUTH_MESSAGES.accountInactive);
    await put(`/api/users/${employee.user.id}`, ctx.adminToken, { status: 'active' });
    expect((await ctx.login(employee.user.username, employee.password)).user.id).toBe(employee.user.id);
    // The old session stays ended.
    expect((await get('/api/v2/me', employee.token)).statusCode).toBe(401);
  });

  it('ends sessions when the role changes (a session carries its role)', async () => {
    const employee = await ctx.createUser();
    await put(`/api/users/${employee.user.id}`, ctx.adminToken, { role: 'Admin' });
    expect((await get('/api/v2/me', employee.token)).statusCode).toBe(401);
    const again = await ctx.login(employee.user.username, employee.password);
    expect(again.user.role).toBe('admin');
  });
});

describe('passwords', () => {
  const change = (userId: number, token: string, payload: object) =>
    put(`/api/users/${userId}/password`, token, payload);

  it('changes your own password only with the current one, keeping this session and ending the others', async () => {
    const me = await ctx.createUser();
    const otherSession = await ctx.login(me.user.username, me.password);
    const missing = await change(me.user.id, me.token, { newPassword: 'brand-new' });
    expect(missing.json()).toMatchObject({ statusCode: 400, message: PASSWORD_MESSAGES.currentRequired });
    const wrong = await change(me.user.id, me.token, {
      currentPassword: 'nope-nope',
      newPassword: 'brand-new',
    });
    // A wrong current password is a 400, not a 401: the browser must not take it for an expired session.
    expect(wrong.json()).toMatchObject({ statusCode: 400, message: PASSWORD_MESSAGES.currentWrong });
    const short = await change(me.user.id, me.token, { currentPassword: me.password, newPassword: '12345' });
    expect(short.json().message).toBe(PASSWORD_MESSAGES.tooShort);
    const ok = await change(me.user.id, me.token, { currentPassword: me.password, newPassword: '123456' });
    expect(ok.json()).toEqual({ ok: true, message: PASSWORD_MESSAGES.updated });
    expect((await get('/api/v2/me', me.token)).statusCode).toBe(200);
    expect((await get('/api/v2/me', otherSession.token)).statusCode).toBe(401);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { username: me.user.username, password: me.password },
    });
    expect(old.statusCode).toBe(401);
    await ctx.login(me.user.username, '123456');
  });

  it("lets an admin reset someone's password without the current one, ending all their sessions", async () => {
    const employee = await ctx.createUser();
    const res = await change(employee.user.id, ctx.adminToken, { newPassword: 'reset-by-admin' });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/v2/me', employee.token)).statusCode).toBe(401);
    await ctx.login(employee.user.username, 'reset-by-admin');
  });

  it('asks an admin for their own current password too', async () => {
    const res = await change(adminId, ctx.adminToken, { newPassword: 'another-one' });
    expect(res.json().message).toBe(PASSWORD_MESSAGES.currentRequired);
  });

  it("does not let a user change someone else's password", async () => {
    const employee = await ctx.createUser();
    const res = await change(adminId, employee.token, { currentPassword: 'x', newPassword: 'taken-over' });
    expect(res.statusCode).toBe(403);
    await ctx.login(ADMIN.username, ADMIN.password);
  });
});

describe('deleting users', () => {
  it('marks the user deleted: out of the list, no sign-in, sessions ended, name kept for history', async () => {
    const employee = await ctx.createUser({ name: 'Leaving Person' });
    const res = await del(`/api/users/${employee.user.id}`, ctx.adminToken);
    expect(res.json()).toEqual({ ok: true, message: USER_MESSAGES.deleted });
    expect((await get('/api/v2/me', employee.token)).statusCode).toBe(401);
    const list = await get(`/api/users?search=${employee.user.username}`, ctx.adminToken);
    expect(list.json().total).toBe(0);
    const kept = await get(`/api/users/${employee.user.id}`, ctx.adminToken);
    expect(kept.json()).toMatchObject({ name: 'Leaving Person', status: 'deleted' });
    expect((await del(`/api/users/${employee.user.id}`, ctx.adminToken)).statusCode).toBe(404);
    expect((await put(`/api/users/${employee.user.id}`, ctx.adminToken, { name: 'Back' })).statusCode).toBe(
      404,
    );
  });

  it('is for admins only', async () => {
    const employee = await ctx.createUser();
    const other = await createUser();
    expect((await del(`/api/users/${other.id}`, employee.token)).statusCode).toBe(403);
  });

  it('refuses while the user has active purchases, with the required message', async () => {
    const user = await createUser();
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: auth(ctx.adminToken),
      payload: { customer_id: user.id, loan_amount: '100000.00', advance_amount: '0' },
    });
    expect(bought.statusCode).toBe(201);
    const refused = await del(`/api/users/${user.id}`, ctx.adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(USER_MESSAGES.activePurchases);
    expect((await get(`/api/users/${user.id}`, ctx.adminToken)).json().status).toBe('active');
  });
});

describe('when every user id is taken', () => {
  const full = setupTestApp();
  it('says so when proposing and when adding', async () => {
    const taken = new Set((await full.app.db('users').pluck('user_id')) as string[]);
    const now = new Date();
    const rows = [];
    for (let n = 1000; n <= 9999; n++) {
      if (taken.has(`USR${n}`)) continue;
      rows.push({
        user_id: `USR${n}`,
        name: `Filler ${n}`,
        username: `filler${n}`,
        email: `filler${n}@example.com`,
        password_hash: 'x',
        role: 'user',
        status: 'active',
        created_at: now,
        updated_at: now,
      });
    }
    await full.app.db.batchInsert('users', rows, 500);
    const next = await full.app.inject({
      method: 'GET',
      url: '/api/users/next-id',
      headers: auth(full.adminToken),
    });
    expect(next.json()).toMatchObject({ statusCode: 409, message: USER_MESSAGES.idsExhausted });
    const res = await full.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(full.adminToken),
      payload: employeeBody('one-too-many'),
    });
    expect(res.json()).toMatchObject({ statusCode: 409, message: USER_MESSAGES.idsExhausted });
  });
});
