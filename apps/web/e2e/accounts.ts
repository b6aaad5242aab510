import { TEST_ADMIN } from '../../../scripts/test-server.ts';
import { employeeBody } from '../../../scripts/fixtures.ts';

/** Makes an employee account through the admin API of the app under test (an HR Executive). */
export async function createEmployee(
  base: string,
  { name, username, password }: { name: string; username: string; password: string },
) {
  const login = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(
      employeeBody(username, { name, username, email: `${username}@example.com`, password }),
    ),
  });
  if (res.status !== 201) throw new Error(`creating ${username} failed: ${res.status} ${await res.text()}`);
}
