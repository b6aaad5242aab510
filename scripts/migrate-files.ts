// Copies the uploads of a local folder into the S3 bucket S3_URL names, for a move from one node's disk
// to the shared store. The objects keep their names, so every address a record holds (/api/files/<name>)
// stays valid.
//
//   S3_URL=s3://KEY:SECRET@host:9000/bucket npx tsx scripts/migrate-files.ts [folder]
//
// The folder defaults to the app's own (UPLOADS_DIR, else DATA_DIR/uploads). Run it again at any time: an object already in the
// bucket with the same size is skipped, so an interrupted run goes on where it stopped, and a last run
// after the app was switched over catches what was uploaded in between.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig, parseS3Url } from '../apps/server/src/config.ts';
import { kindOfStoredName } from '../apps/server/src/lib/file-types.ts';
import { s3ClientOf, uploadObject } from '../apps/server/src/lib/s3-file-store.ts';

const folder = process.argv[2] ? resolve(process.argv[2]) : loadConfig().UPLOADS_DIR;
if (!process.env.S3_URL) {
  console.error('migrate-files: set S3_URL to the bucket to copy into (README, "Files in S3")');
  process.exit(1);
}
let target: ReturnType<typeof parseS3Url>;
try {
  target = parseS3Url(process.env.S3_URL);
} catch (error) {
  console.error(`migrate-files: S3_URL: ${(error as Error).message}`);
  process.exit(1);
}
const connection = await s3ClientOf(target);
const { client, sdk } = connection;

/** The object's size in the bucket, or null when there is none. */
async function sizeInBucket(Key: string): Promise<number | null> {
  try {
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket: target.bucket, Key }));
    return head.ContentLength ?? null;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

// Only files the app stored: its names (a UUID and a known extension), never a partial write.
const names = (await readdir(folder)).filter((name) => kindOfStoredName(name)).sort();
console.log(
  `migrate-files: ${names.length} files in ${folder} → bucket ${target.bucket} at ${target.endpoint}`,
);
let copied = 0;
let skipped = 0;
let bytes = 0;
const started = Date.now();
for (const [i, name] of names.entries()) {
  const path = join(folder, name);
  const { size } = await stat(path);
  if ((await sizeInBucket(name)) === size) {
    skipped++;
  } else {
    await uploadObject(connection, target.bucket, name, createReadStream(path));
    copied++;
    bytes += size;
  }
  if ((i + 1) % 100 === 0 || i + 1 === names.length) {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `migrate-files: ${i + 1}/${names.length} (${copied} copied, ${(bytes / 1048576).toFixed(1)} MB; ` +
        `${skipped} already there) ${seconds} s`,
    );
  }
}
client.destroy();
console.log(`migrate-files: done: ${copied} copied, ${skipped} already there`);
