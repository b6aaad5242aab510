import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

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

  it('keeps a MySQL url as given', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://u:p@db:3306/portal' }).DATABASE_URL).toBe(
      'mysql://u:p@db:3306/portal',
    );
  });
});
