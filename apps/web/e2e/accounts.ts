import type { User, UserCreate } from '@portal/contracts';
import { employeeBody } from '../../../scripts/fixtures.ts';
import { adminToken } from './data.ts';

/** Uploads a file as the admin to one of the upload routes and gives the stored file's address. */
async function upload(base: string, path: string, field: string, file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append(field, file, name);
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(base)}` },
    body: form,
  });
  if (!res.ok) throw new Error(`uploading ${name} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/** Uploads a photo as the admin (POST /api/upload/photo) and gives the address a user's `url` takes. */
export const uploadPhoto = (base: string, png: Buffer) =>
  upload(
    base,
    '/api/upload/photo',
    'photo',
    new Blob([new Uint8Array(png)], { type: 'image/png' }),
    'photo.png',
  );

/** Uploads a PDF resume as the admin (POST /api/upload/resume) and gives the address a candidate's `resume_url` takes. */
export const uploadResume = (base: string, pdf: Buffer) =>
  upload(
    base,
    '/api/upload/resume',
    'file',
    new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
    'cv.pdf',
  );

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
