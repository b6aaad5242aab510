import { randomBytes } from 'node:crypto';

/** A file part of a multipart form. */
export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * A multipart/form-data body of text fields and files in the given order, as a browser's FormData sends
 * it: `{ payload, headers }` for `app.inject`.
 */
export function multipartForm(fields: Record<string, string | FilePart>) {
  const boundary = `----portal-form-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
