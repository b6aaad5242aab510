export interface DockerEndpoint {
  socketPath?: string;
  host?: string;
  port?: number;
  label: string;
}
export function dockerEndpoint(env?: NodeJS.ProcessEnv): DockerEndpoint;
export function dockerAvailable(timeoutMs?: number, env?: NodeJS.ProcessEnv): Promise<boolean>;
