/**
 * `BENCH_CASES=files npm run bench`: uploads and downloads of a 5 MB resume through the app, on the local
 * store and on an S3 bucket (s3rver in this process, or BENCH_S3_URL), in the same run; then the S3 node's
 * peak memory while many clients upload at once. Each store gets a real server process (the test
 * launcher); the figures are the median of `rounds` and the node's VmHWM from /proc.
 */
import { readFileSync } from 'node:fs';
import { startTestServer, TEST_ADMIN, type RunningServer } from '../../../scripts/test-server.ts';
import { startS3Server } from '../../../scripts/s3-server.mjs';

const MB = 1024 * 1024;

/** A PDF of `bytes` (its signature, then filler): what the resume policy accepts. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function signIn(server: RunningServer) {
  const res = await fetch(`${server.url}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  return ((await res.json()) as { token: string }).token;
}

async function upload(server: RunningServer, token: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'resume.pdf');
  const res = await fetch(`${server.url}/api/upload/resume`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

async function download(server: RunningServer, token: string, url: string) {
  const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const size = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`download: ${res.status}`);
  return size;
}

/** The process's peak resident memory so far (Linux). */
const peakRss = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

export async function benchFiles({ rounds, clients }: { rounds: number; clients: number }) {
  const s3 = process.env.BENCH_S3_URL ? undefined : await startS3Server({ bucket: 'portal-bench' });
  const generous = { UPLOAD_MB_PER_HOUR: '1000000', UPLOAD_FILES_PER_HOUR: '1000000', LOG_LEVEL: 'warn' };
  const stores = [
    { label: 'local folder', server: await startTestServer(generous) },
    {
      label: 'S3 bucket',
      server: await startTestServer({ ...generous, S3_URL: process.env.BENCH_S3_URL ?? s3!.url }),
    },
  ];
  try {
    const resume = pdfOf(5 * MB);
    console.log(`files: a 5 MB resume, ${rounds} rounds each, through the app`);
    for (const { label, server } of stores) {
      const token = await signIn(server);
      const ups: number[] = [];
      const downs: number[] = [];
      for (let i = 0; i < rounds; i++) {
        let t = performance.now();
        const url = await upload(server, token, resume);
        ups.push(performance.now() - t);
        t = performance.now();
        await download(server, token, url);
        downs.push(performance.now() - t);
      }
      console.log(
        `  ${label.padEnd(13)} upload p50 ${median(ups).toFixed(0)} ms, download p50 ${median(downs).toFixed(0)} ms`,
      );
    }

    // The largest file a signed-in upload takes (a resume), from many clients at once, on the S3 node.
    const { server } = stores[1]!;
    const token = await signIn(server);
    const before = peakRss(server.pid);
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, () => upload(server, token, resume)));
    console.log(
      `  S3 node: ${clients} clients uploading 5 MB at once in ${(performance.now() - started).toFixed(0)} ms; ` +
        `peak RSS ${(peakRss(server.pid) / MB).toFixed(0)} MB (${(before / MB).toFixed(0)} MB before)`,
    );
  } finally {
    await Promise.all(stores.map(({ server }) => server.stop()));
    await s3?.close();
  }
}
