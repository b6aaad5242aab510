import type { User, UserCreate } from '@portal/contracts';
import { employeeBody } from '../../../scripts/fixtures.ts';
import { adminToken } from './data.ts';

/** Uploads a photo as the admin (POST /api/upload/photo) and gives the address a user's `url` takes. */
export async function uploadPhoto(base: string, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${base}/api/upload/photo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(base)}` },
    body: form,
  });
  if (!res.ok) throw new Error(`uploading a photo failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/** Makes an employee account through the admin API of the app under test (an HR Executive). */
export async function createEmployee(
  base: string,
  {
    name,
    username,
    password,
    ...more
  }: { name: string; username: string; password: string } & Partial<UserCreate>,
): Promise<User> {
  const res = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(base)}` },
    body: JSON.stringify(
      employeeBody(username, { name, username, email: `${username}@example.com`, password, ...more }),
    ),
  });
  if (res.status !== 201) throw new Error(`creating ${username} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as User;
}
