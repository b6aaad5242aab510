// The MySQL suite runs against the server its global setup provided: a testcontainers container when Docker
// answers (proved here by the server's host name, which Docker sets to the container's short id).
import { describe, expect, inject, it } from 'vitest';
import { mysqlVersion } from './containers.ts';
import { setupTestApp } from './helper.ts';

const server = inject('mysqlServer');
const ctx = setupTestApp();

describe('the MySQL server of this run', () => {
  it('answers with the version the run printed', async () => {
    const { version } = await mysqlVersion(server.url);
    expect(version).toBe(server.version);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.runIf(server.source === 'container')('is the container testcontainers started', async () => {
    const { hostname } = await mysqlVersion(server.url);
    expect(server.containerId).toMatch(/^[0-9a-f]{64}$/);
    expect(hostname).toBe(server.containerId!.slice(0, 12));
  });

  it("holds this test file's own database", async () => {
    const url = new URL(ctx.config.DATABASE_URL);
    const base = new URL(server.url);
    expect(url.host).toBe(base.host);
    expect(url.pathname).toMatch(/^\/portal_test_[0-9a-f]{10}$/);
    expect(await ctx.count('users')).toBeGreaterThan(0);
  });
});
