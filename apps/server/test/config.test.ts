import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseS3Url } from '../src/config.ts';

describe('config', () => {
  it('starts with no variable set', () => {
    const config = loadConfig({ INIT_CWD: '/srv/portal' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('sqlite:/srv/portal/data/portal.sqlite');
    expect(config.UPLOADS_DIR).toBe('/srv/portal/data/uploads');
    expect(config.ADMIN_USERNAME).toBe('admin');
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
