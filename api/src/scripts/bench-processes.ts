// The child processes of the API bench (bench-api.ts): the servers it starts and stops, and the
// applicant logging in over HTTP as the site does.
import { spawn, type ChildProcess } from 'node:child_process';
import { API_DIR } from '../paths';

/** The password of every bench applicant. */
export const PASSWORD = 'bench-password-2026';

export interface Child {
  readonly process: ChildProcess;
  output: string;
}

export function startChild(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: Child; port: number }> {
  const processHandle = spawn(command, args, { cwd: API_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = { process: processHandle, output: '' };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${child.output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      child.output += chunk.toString();
      const match = ready.exec(child.output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    processHandle.stdout.on('data', onData);
    processHandle.stderr.on('data', onData);
    processHandle.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${child.output}`));
    });
  });
}

export async function stopChild(child: Child | undefined): Promise<void> {
  if (child === undefined || child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.process.exitCode === null) child.process.kill('SIGKILL');
}

/** Cookies of a fetch answer, name → value. */
function cookiesOf(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return cookies;
}

/** Logs the applicant in as the site does: POST /api/me/ (the csrftoken cookie), then POST /api/auth/. */
export async function logIn(base: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const first = await fetch(`${base}/api/me/`, { method: 'POST', headers: { origin: base } });
  const csrf = cookiesOf(first).get('csrftoken');
  if (csrf === undefined) throw new Error(`POST /api/me/ gave no csrftoken (${first.status})`);
  const login = await fetch(`${base}/api/auth/`, {
    method: 'POST',
    headers: { origin: base, cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, persistLoginState: false }),
  });
  const cookies = cookiesOf(login);
  const session = cookies.get('sessionid');
  const rotated = cookies.get('csrftoken') ?? csrf;
  if (login.status !== 200 || session === undefined) throw new Error(`login: ${login.status} ${await login.text()}`);
  return { cookie: `sessionid=${session}; csrftoken=${rotated}`, csrf: rotated };
}
