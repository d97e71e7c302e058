import { Worker } from 'node:worker_threads';
import type { EvaluationTask, TaskResult } from './evaluation-tasks.js';

/** Every thread is busy and the queue is full: the caller should answer at once (429), not wait. */
export class EvaluationPoolFullError extends Error {
  override readonly name = 'EvaluationPoolFullError';
}

export interface EvaluationPoolOptions {
  threads: number;
  /** Tasks that may wait for a thread; one more is refused with EvaluationPoolFullError. */
  queue: number;
}

interface Job {
  task: EvaluationTask;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Reply = { ok: true; value: unknown } | { ok: false; message: string };

const WORKER_URL = new URL('./evaluation-worker.js', import.meta.url);

/**
 * Worker threads for the evaluation tasks, started when first needed, with a bounded queue. A thread
 * that dies (out of memory, a crash in native code) fails its task and is replaced.
 */
export class EvaluationPool {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly waiting: Job[] = [];
  private closed = false;

  constructor(private readonly options: EvaluationPoolOptions) {}

  /** Tasks running or waiting now. */
  get pending(): number {
    return this.running.size + this.waiting.length;
  }

  run<T extends EvaluationTask>(task: T): Promise<TaskResult<T>> {
    return new Promise((resolve, reject) => {
      const job: Job = { task, resolve: resolve as (value: unknown) => void, reject };
      if (this.closed) return reject(new Error('the evaluation pool is closed'));
      const worker = this.idle.pop() ?? (this.workers.size < this.options.threads ? this.spawn() : undefined);
      if (worker) return this.start(worker, job);
      if (this.waiting.length >= this.options.queue) return reject(new EvaluationPoolFullError());
      this.waiting.push(job);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the evaluation pool is closed'));
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL);
    this.workers.add(worker);
    worker.on('message', (reply: Reply) => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      if (reply.ok) job?.resolve(reply.value);
      else job?.reject(new Error(`evaluation task failed: ${reply.message}`));
      this.next(worker);
    });
    worker.on('error', (error) => this.lose(worker, error));
    worker.on('exit', (code) => this.lose(worker, new Error(`evaluation thread exited with code ${code}`)));
    return worker;
  }

  private start(worker: Worker, job: Job): void {
    this.running.set(worker, job);
    worker.ref();
    worker.postMessage(job.task);
  }

  private next(worker: Worker): void {
    const job = this.waiting.shift();
    if (job) return this.start(worker, job);
    // An idle thread must not keep the process alive.
    worker.unref();
    this.idle.push(worker);
  }

  private lose(worker: Worker, error: Error): void {
    if (!this.workers.delete(worker)) return;
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    this.running.get(worker)?.reject(error);
    this.running.delete(worker);
    if (!this.closed && this.waiting.length > 0) this.next(this.spawn());
  }
}
