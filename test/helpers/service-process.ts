/**
 * A server program the tests start, stop, start again and kill, as an operator's supervisor
 * would: PostgreSQL, Redis, an S3-compatible store. Readiness is polled with the service's own
 * protocol, since a port opens before the service takes requests.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

export interface ServiceProcessOptions {
  /** For messages: "PostgreSQL", "redis-server". */
  name: string;
  command: string;
  args: readonly string[];
  spawnOptions?: Pick<SpawnOptions, 'cwd' | 'uid' | 'gid' | 'env'>;
  /** The signal for a clean stop. */
  stopSignal: NodeJS.Signals;
  /** One attempt to talk to the service: resolves when it answers, rejects when it does not (yet). */
  probe(): Promise<void>;
  probeIntervalMs: number;
  readyTimeoutMs: number;
}

export interface ServiceProcess {
  /** A clean stop; resolves once every process of the service has exited. */
  stop(): Promise<void>;
  /** Starts (again); resolves once the probe succeeds. */
  start(): Promise<void>;
  /** SIGKILL, as in a crash. */
  kill(): void;
}

export function serviceProcess(options: ServiceProcessOptions): ServiceProcess {
  let child: ChildProcess | undefined;
  let closed = Promise.resolve();
  let output = '';

  async function waitUntilReady(proc: ChildProcess): Promise<void> {
    const deadline = Date.now() + options.readyTimeoutMs;
    for (;;) {
      if (!isRunning(proc))
        throw new Error(`${options.name} exited (${proc.exitCode ?? proc.signalCode}) before it answered:\n${output}`);
      try {
        await options.probe();
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(
            `${options.name} did not answer within ${options.readyTimeoutMs / 1000} s (${error}):\n${output}`,
          );
      }
      await new Promise((resolve) => setTimeout(resolve, options.probeIntervalMs));
    }
  }

  return {
    async stop() {
      if (child && isRunning(child)) child.kill(options.stopSignal);
      await closed;
    },
    async start() {
      // child.killed: a signal was sent (stop or kill), so it is on its way out even if it has not exited yet.
      if (child && isRunning(child) && !child.killed) throw new Error(`${options.name} is already running`);
      // After kill(), helper processes (PostgreSQL's backends) notice on their own; the port and data are only free once they have.
      await closed;
      output = '';
      const proc = spawn(options.command, options.args, { ...options.spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      // 'close' rather than 'exit': child processes inherit the pipes, so they close only when the last one is gone.
      closed = new Promise((resolve) => proc.once('close', () => resolve()));
      proc.stdout!.on('data', (data: Buffer) => (output += data.toString()));
      proc.stderr!.on('data', (data: Buffer) => (output += data.toString()));
      await waitUntilReady(proc);
    },
    kill() {
      if (child && isRunning(child)) child.kill('SIGKILL');
    },
  };
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}
