/**
 * The parts of the scale-out bench that stand in for a deployment: server processes started the way a host
 * starts them (`node --import tsx apps/server/src/main.ts` with settings in the environment), and a
 * round-robin balancer in front of them (what deploy/nginx.conf does in production), both on loopback.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  name: string;
  origin: string;
  pid: number;
  /** SIGTERM (the graceful shutdown), resolved when the process has ended. */
  stop(): Promise<void>;
}

/** A free loopback port (taken and given back: the server takes it a moment later). */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * SCALE_OUT_CPU=0.5 gives each server process half a core (a CPU cgroup, as a container or a small VM would):
 * on a machine whose cores the load generator, the balancer and PostgreSQL share with the servers, only a
 * capped server makes the server the bottleneck, so ONE against TWO shows what a second process adds. Needs
 * a writable cgroup file system (root on cgroup v1's cpu controller or v2); elsewhere the bench stops and says so.
 */
export const CPU_CAP = Number(process.env.SCALE_OUT_CPU ?? 0) || 0;

function capCpu(name: string, pid: number): () => void {
  if (!CPU_CAP) return () => {};
  const period = 100_000;
  const quota = Math.round(CPU_CAP * period);
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers') ? '/sys/fs/cgroup' : null;
  const dir = `${v2 ?? v1}/pp-scale-out-${name}-${pid}`;
  try {
    mkdirSync(dir);
    if (v2) writeFileSync(`${dir}/cpu.max`, `${quota} ${period}`);
    else {
      writeFileSync(`${dir}/cpu.cfs_period_us`, String(period));
      writeFileSync(`${dir}/cpu.cfs_quota_us`, String(quota));
    }
    writeFileSync(`${dir}/cgroup.procs`, String(pid));
  } catch (error) {
    throw new Error(`SCALE_OUT_CPU needs a writable CPU cgroup (${dir}): ${(error as Error).message}`);
  }
  return () => {
    try {
      rmdirSync(dir);
    } catch {
      // still busy a moment after the exit: the kernel frees an empty group with the bench's end anyway
    }
  };
}

/** Starts one server process with `env` over the defaults below and waits until its /healthz answers 200. */
export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const release = capCpu(name, child.pid!);
  const ended = new Promise<void>((resolve) =>
    child.once('exit', () => {
      release();
      resolve();
    }),
  );
  // A bench stopped half-way leaves no server behind.
  const orphan = () => child.kill('SIGTERM');
  process.once('exit', orphan);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} ended at start (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${origin}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${name} did not answer /healthz within 120 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    name,
    origin,
    pid: child.pid!,
    async stop() {
      process.off('exit', orphan);
      if (child.exitCode === null) child.kill('SIGTERM');
      await ended;
    },
  };
}

export interface Balancer {
  origin: string;
  /** The origins requests go to, in turn; changed between measurements. */
  upstreams: string[];
  /** Requests passed to each upstream origin since the start. */
  passed: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Round robin over `upstreams` with a keep-alive pool per upstream, as nginx's `upstream` block does: every
 * request goes to the next server in turn (no stickiness: sessions live in the database).
 */
export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  const agents = new Map<string, http.Agent>();
  const agentOf = (origin: string) => {
    let agent = agents.get(origin);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
      agents.set(origin, agent);
    }
    return agent;
  };
  let turn = 0;
  const balancer: Balancer = { origin: '', upstreams, passed: new Map(), close: async () => undefined };
  const server = http.createServer((req, res) => {
    const list = balancer.upstreams;
    const upstream = list[turn++ % list.length]!;
    balancer.passed.set(upstream, (balancer.passed.get(upstream) ?? 0) + 1);
    const target = new URL(upstream);
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        agent: agentOf(upstream),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  balancer.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  balancer.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    for (const agent of agents.values()) agent.destroy();
  };
  return balancer;
}
