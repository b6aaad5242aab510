import { afterAll, beforeAll } from 'vitest';
import { readBytes } from '../src/features/candidates/bulk/readBytes.ts';

/**
 * jsdom's FormData is not the one Node's fetch knows, so the test's fetch would send "[object FormData]":
 * while the calling test file runs, a FormData body is written out as the multipart body a browser sends.
 */
export function sendFormDataAsMultipart() {
  const jsdomFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = async (input, init = {}) => {
      if (!(init.body instanceof FormData)) return jsdomFetch(input, init);
      const boundary = `----formtest${Math.random().toString(16).slice(2)}`;
      const parts: Uint8Array[] = [];
      const text = (s: string) => parts.push(new TextEncoder().encode(s));
      for (const [name, value] of init.body.entries()) {
        if (typeof value === 'string') {
          text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
        } else {
          text(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
          );
          parts.push(new Uint8Array(await readBytes(value)));
          text('\r\n');
        }
      }
      text(`--${boundary}--\r\n`);
      const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        body.set(p, at);
        at += p.length;
      }
      const headers = new Headers(init.headers);
      headers.set('content-type', `multipart/form-data; boundary=${boundary}`);
      return jsdomFetch(input, { ...init, headers, body });
    };
  });
  afterAll(() => {
    globalThis.fetch = jsdomFetch;
  });
}
