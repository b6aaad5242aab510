import type { S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Target } from '../config.ts';
import { FileStoreUnavailableError, newStoredName, type FileStore } from './file-store.ts';
import { FILE_KINDS, kindOfStoredName } from './file-types.ts';

/**
 * The AWS SDK, loaded only when a bucket is configured: it takes a good part of a second to load, which
 * the embedded default (files on the local disk) would pay at every start for nothing.
 */
const loadSdk = async () => ({
  ...(await import('@aws-sdk/client-s3')),
  ...(await import('@aws-sdk/lib-storage')),
});
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/**
 * Parts of a multipart upload: S3's smallest, and two in flight, so that a stream of any length holds at
 * most about 10 MB of memory while it is sent.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

interface S3ErrorShape {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3ErrorShape | null)?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) => {
  const name = (error as S3ErrorShape | null)?.name;
  return statusOf(error) === 404 || name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * An answer the server never gave (refused, reset, timed out) or a 5xx is the store being down; a 4xx is
 * a fault of ours (bad keys, no such bucket) and stays an error with its own message in the log.
 */
function unavailableOr(error: unknown): unknown {
  const status = statusOf(error);
  return status === undefined || status >= 500 ? new FileStoreUnavailableError(error) : error;
}

/** A client for the store S3_URL names, with the timeouts and retries the app uses. */
export async function s3ClientOf(target: S3Target) {
  const sdk = await loadSdk();
  const client = new sdk.S3Client({
    endpoint: target.endpoint,
    region: target.region,
    forcePathStyle: target.forcePathStyle,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    // One retry: a store that is down answers 503 in a few seconds instead of holding the request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
  });
  return { client, sdk };
}

/** Sends a file (bytes or a stream) to the bucket under `Key`: in parts when it is large. */
export function uploadObject(
  { client, sdk }: { client: S3Client; sdk: Sdk },
  Bucket: string,
  Key: string,
  Body: Uint8Array | Readable,
) {
  const kind = kindOfStoredName(Key);
  // lib-storage sends a body smaller than a part in one request and anything larger in parts; a failed
  // multipart upload is aborted, so no half-written object stays behind.
  return new sdk.Upload({
    client,
    params: { Bucket, Key, Body, ...(kind ? { ContentType: FILE_KINDS[kind].mime } : {}) },
    partSize: PART_BYTES,
    queueSize: PARTS_IN_FLIGHT,
    leavePartsOnError: false,
  }).done();
}

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO…). Objects are private: the app signs every request and
 * serves files itself at /api/files/<name>, with the same checks as for the local folder.
 */
export async function createS3FileStore(target: S3Target): Promise<FileStore & { prepare(): Promise<void> }> {
  const connection = await s3ClientOf(target);
  const { client, sdk } = connection;
  const Bucket = target.bucket;
  // Only names the store itself could have made become keys.
  const keyOf = (name: string) => (kindOfStoredName(name) ? name : null);

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw unavailableOr(error);
    }
  };

  return {
    /** Makes the bucket when it is not there yet (a fresh MinIO); it stays private. */
    async prepare() {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isMissing(error)) throw unavailableOr(error);
        await call(() => client.send(new sdk.CreateBucketCommand({ Bucket })));
      }
    },

    async put(data, kind) {
      const name = newStoredName(kind);
      await call(() => uploadObject(connection, Bucket, name, data));
      return name;
    },

    async open(name) {
      const Key = keyOf(name);
      if (!Key) return null;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailableOr(error);
      }
    },

    async exists(name) {
      const Key = keyOf(name);
      if (!Key) return false;
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw unavailableOr(error);
      }
    },

    async remove(name) {
      const Key = keyOf(name);
      // S3 answers 204 for a key that is not there.
      if (Key) await call(() => client.send(new sdk.DeleteObjectCommand({ Bucket, Key })));
    },

    close() {
      client.destroy();
    },
  };
}
