export interface RunningS3Server {
  /** The S3_URL that reaches it. */
  url: string;
  /** Where it keeps its files. */
  directory: string;
  /** Closes it at once, open connections too. */
  stop(): Promise<void>;
  /** Back on the same port with the same files. */
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  close(): Promise<void>;
}
export function startS3Server(options?: {
  bucket?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}): Promise<RunningS3Server>;
