import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseS3Url } from '../src/config.ts';
import { resolveJwtSecret } from '../src/plugins/auth.ts';

describe('config', () => {
  it('starts with no variable set', () => {
    const config = loadConfig({ INIT_CWD: '/srv/portal' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('sqlite:/srv/portal/data/portal.sqlite');
    expect(config.UPLOADS_DIR).toBe('/srv/portal/data/uploads');
    expect(config.ADMIN_USERNAME).toBe('admin');
  });

  it('keeps the database, the uploads and the signing key under DATA_DIR unless each is set', () => {
    const moved = loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: '/var/lib/portal' });
    expect(moved.DATA_DIR).toBe('/var/lib/portal');
    expect(moved.DATABASE_URL).toBe('sqlite:/var/lib/portal/portal.sqlite');
    expect(moved.UPLOADS_DIR).toBe('/var/lib/portal/uploads');
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    try {
      resolveJwtSecret(undefined, loadConfig({ DATA_DIR: dataDir }).DATA_DIR);
      expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A relative DATA_DIR is taken from where `npm start` was typed, like every path.
    expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: 'state' }).UPLOADS_DIR).toBe(
      '/srv/portal/state/uploads',
    );

    const own = loadConfig({
      INIT_CWD: '/srv/portal',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'sqlite:/fast-disk/portal.sqlite',
      UPLOADS_DIR: 'files',
    });
    expect(own.DATABASE_URL).toBe('sqlite:/fast-disk/portal.sqlite');
    expect(own.UPLOADS_DIR).toBe('/srv/portal/files');
    expect(
      loadConfig({ DATA_DIR: '/var/lib/portal', DATABASE_URL: 'mysql://u:p@db/portal' }).DATABASE_URL,
    ).toBe('mysql://u:p@db/portal');
  });

  it('takes PUBLIC_URL as an origin, by default the address the app listens on', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '10.0.0.5', PORT: '8080' }).PUBLIC_URL).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://Careers.Example.com:443/' }).PUBLIC_URL).toBe(
      'https://careers.example.com',
    );
    for (const [url, why] of [
      ['careers.example.com', 'PUBLIC_URL="careers.example.com"'],
      ['https://careers.example.com/jobs', 'no path'],
      ['https://careers.example.com?x=1', 'no path'],
      ['https://user:pw@careers.example.com', 'password'],
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: url }), url).toThrowError(why);
    }
  });

  it('names every bad variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT="eighty"');
      expect((error as Error).message).toContain('DATABASE_URL="postgres://x"');
    }
  });

  it("reads the public forms' hourly ceilings and the free-disk floor, each with a default", () => {
    expect(loadConfig({})).toMatchObject({
      APPLICATIONS_PER_HOUR: 200,
      CONTACT_MESSAGES_PER_HOUR: 100,
      MIN_FREE_DISK_MB: 512,
    });
    expect(
      loadConfig({ APPLICATIONS_PER_HOUR: '50', CONTACT_MESSAGES_PER_HOUR: '20', MIN_FREE_DISK_MB: '0' }),
    ).toMatchObject({ APPLICATIONS_PER_HOUR: 50, CONTACT_MESSAGES_PER_HOUR: 20, MIN_FREE_DISK_MB: 0 });
    // A ceiling of none would close the forms for good: at least one an hour.
    expect(() => loadConfig({ APPLICATIONS_PER_HOUR: '0' })).toThrowError(/APPLICATIONS_PER_HOUR="0"/);
    expect(() => loadConfig({ MIN_FREE_DISK_MB: '-1' })).toThrowError(/MIN_FREE_DISK_MB="-1"/);
  });

  it('keeps a MySQL url as given', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://u:p@db:3306/portal' }).DATABASE_URL).toBe(
      'mysql://u:p@db:3306/portal',
    );
  });

  it('reads S3_URL into the bucket, its server and keys, and names what is wrong with it', () => {
    const config = loadConfig({ S3_URL: 's3+http://KEY:se%2Fcret@minio:9000/uploads?forcePathStyle=1' });
    expect(parseS3Url(config.S3_URL!)).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'KEY',
      secretAccessKey: 'se/cret',
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://K:S@s3.eu-west-1.amazonaws.com/portal-files?region=eu-west-1')).toMatchObject({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    for (const [url, why] of [
      ['http://K:S@minio:9000/uploads', 'S3_URL'],
      ['s3://minio:9000/uploads', 'access key'],
      ['s3://K:S@minio:9000/', 'bucket'],
      ['s3://K:S@minio:9000/Up_Loads', 'bucket'],
      ['s3://K:S@minio:9000/uploads?pathStyle=1', 'unknown option'],
    ]) {
      expect(() => loadConfig({ S3_URL: url }), url).toThrowError(why);
    }
    // The secret never reaches the start's log.
    expect(() => loadConfig({ S3_URL: 's3://K:hunter2@minio:9000/' })).toThrowError(/^(?!.*hunter2)/s);
  });
});
