// Child process: one autocannon window against one server, forked by load.ts for each window. The benchmark's
// own process holds every earlier phase's results in a large heap; its collections stalled autocannon there
// (a 126 ms late event loop in a quick run), delaying the answers it read. Here the load has a small heap to itself.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { scenarios, type GeneratorJob, type GeneratorResult } from './load.js';
import type { Samples } from './populate.js';
import { stallRecorder } from './stalls.js';

process.once('message', (job: GeneratorJob) => {
  void run(job).then((result) => process.send!(result, () => process.exit(0)));
});
process.send!('ready');

async function run(job: GeneratorJob): Promise<GeneratorResult> {
  const samples = JSON.parse(readFileSync(job.samplesFile, 'utf8')) as Samples;
  const scenario = scenarios(samples).find((candidate) => candidate.key === job.scenarioKey);
  if (!scenario) throw new Error(`no scenario ${job.scenarioKey}`);
  const stalls = stallRecorder();
  const result = await autocannon({
    url: job.url,
    connections: 10,
    duration: job.seconds,
    ...(job.rate ? { overallRate: job.rate } : {}),
    headers: job.headers,
    requests: [
      {
        setupRequest: (request: { path: string }) => {
          request.path = scenario.path();
          return request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    generatorStalls: stalls.read(),
  };
}
