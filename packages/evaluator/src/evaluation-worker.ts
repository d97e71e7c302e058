import { parentPort } from 'node:worker_threads';
import { runTask, type EvaluationTask } from './evaluation-tasks.js';

// A thread of the evaluation pool: one task at a time, answered with its result or the error's text.
parentPort!.on('message', (task: EvaluationTask) => {
  runTask(task).then(
    (value) => parentPort!.postMessage({ ok: true, value }),
    (error: unknown) =>
      parentPort!.postMessage({ ok: false, message: String((error as Error)?.stack ?? error) }),
  );
});
