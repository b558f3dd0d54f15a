// Runs the nginx site of docs/deployment.md, as written there, in front of test instances: the blocks are read from
// the document and only what a test machine must change is changed (ports, certificate, cache and temp folders).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../config';
import { freePort, waitFor } from '../reliability/reliability-kit';

export interface RunningNginx {
  https: string;
  http: string;
  close(): Promise<void>;
}

/** nginx's path, or undefined when it is not installed (.ci/run installs it). */
export function findNginx(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
}

/** The ```nginx blocks of docs/deployment.md: the upstream file, then the site. */
function documentedNginx(): { upstream: string; site: string } {
  const doc = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/deployment.md'), 'utf8');
  const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const upstream = blocks.find((b) => b.includes('upstream safarnama {'));
  const site = blocks.find((b) => b.includes('server_name'));
  if (!upstream || !site) throw new Error('docs/deployment.md lost its nginx upstream or site block');
  return { upstream, site };
}

export async function startDocumentedNginx(nginx: string, instances: readonly string[]): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-nginx-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const certificate = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=www.your-agency.in'].concat([
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]),
    { encoding: 'utf8' },
  );
  if (certificate.status !== 0) throw new Error(`openssl failed: ${certificate.stderr}`);

  const { upstream, site } = documentedNginx();
  const ports = instances.map((url) => new URL(url).port);
  let upstreamFile = upstream;
  for (const [i, port] of ['3001', '3002'].entries()) upstreamFile = upstreamFile.replace(`:${port} `, `:${ports[i]} `);
  fs.writeFileSync(path.join(dir, 'upstream.conf'), upstreamFile);
  const adapted = site
    .replace('include /etc/nginx/safarnama-upstream.conf;', `include ${path.join(dir, 'upstream.conf')};`)
    .replace('/var/cache/nginx/safarnama', path.join(dir, 'cache'))
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${httpPort};`)
    .replace(/^(\s*)listen 443 ssl( http2)?;/m, `$1listen 127.0.0.1:${httpsPort} ssl$2;`)
    .replace('/etc/letsencrypt/live/www.your-agency.in/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/letsencrypt/live/www.your-agency.in/privkey.pem', path.join(dir, 'key.pem'));
  const temp = (name: string) => `${name} ${path.join(dir, name.replace(/_path$/, ''))};`;
  const conf = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body_temp_path')} ${temp('proxy_temp_path')}`,
    `  ${temp('fastcgi_temp_path')} ${temp('uwsgi_temp_path')} ${temp('scgi_temp_path')}`,
    adapted,
    '}',
  ].join('\n');
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);

  // Nothing of the site may listen on a port of the machine's own (80, 443).
  if (/^\s*listen (?!127\.0\.0\.1:)/m.test(adapted)) throw new Error(`a listen line was not adapted:\n${adapted}`);
  const check = spawnSync(nginx, ['-t', '-p', dir, '-c', confFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the documented site:\n${check.stderr}\n${conf}`);
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', confFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (c: Buffer) => (errors += c.toString()));
  const https = `https://127.0.0.1:${httpsPort}`;
  // Up when its HTTPS port takes a connection; an nginx that exited (a port taken since freePort) says why.
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(httpsPort, '127.0.0.1');
      socket.on('error', () => resolve(false));
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
    });
  const up = await waitFor(
    async () => child.exitCode !== null || child.signalCode !== null || (await accepts()),
    20_000,
  );
  if (!up || child.exitCode !== null || child.signalCode !== null) {
    child.kill('SIGQUIT');
    throw new Error(`nginx did not start:\n${errors}`);
  }
  return {
    https,
    http: `http://127.0.0.1:${httpPort}`,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
