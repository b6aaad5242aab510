// Where the Docker engine is and whether it answers: shared by the test runner and the test harness.
import { request } from 'node:http';

/** The engine's address from DOCKER_HOST (unix:// or tcp://), else the usual socket. */
export function dockerEndpoint(env = process.env) {
  const host = env.DOCKER_HOST;
  if (!host) return { socketPath: '/var/run/docker.sock', label: 'unix:///var/run/docker.sock' };
  if (host.startsWith('unix://')) return { socketPath: host.slice('unix://'.length), label: host };
  const url = new URL(host.replace(/^tcp:/, 'http:'));
  return { host: url.hostname, port: Number(url.port || 2375), label: host };
}

/** Resolves true when the engine answers /_ping within `timeoutMs`; never rejects, never hangs. */
export function dockerAvailable(timeoutMs = 3000, env = process.env) {
  const { socketPath, host, port } = dockerEndpoint(env);
  const target = socketPath ? { socketPath } : { host, port };
  return new Promise((resolve) => {
    const req = request({ ...target, path: '/_ping', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.once('timeout', () => (req.destroy(), resolve(false)));
    req.once('error', () => resolve(false));
    req.end();
  });
}
