// Child process: the load on one server for one scenario (the job, as JSON in argv), forked by load.ts
// for each scenario and server and kept for its warm-up and measured windows, so that its code is warm when
// measured. The benchmark's own process holds every earlier phase's results in a large heap; its collections
// stalled autocannon there (a 126 ms late event loop in a quick run), delaying the answers it read. Here the
// load has a small heap to itself.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { scenarios, type GeneratorJob, type GeneratorResult, type GeneratorWindow } from './load.js';
import type { Samples } from './populate.js';
import { stallRecorder } from './stalls.js';
import { CONNECTIONS, evenlySpaced } from './steady-load.js';

const job = JSON.parse(process.argv[2]!) as GeneratorJob;
const samples = JSON.parse(readFileSync(job.samplesFile, 'utf8')) as Samples;
const scenario = scenarios(samples).find((candidate) => candidate.key === job.scenarioKey);
if (!scenario) throw new Error(`no scenario ${job.scenarioKey}`);
const stalls = stallRecorder();

process.on('message', (window: GeneratorWindow) => {
  void run(window).then((result) => process.send!(result));
});
process.on('disconnect', () => process.exit(0));
process.send!('ready');

async function run(window: GeneratorWindow): Promise<GeneratorResult> {
  stalls.reset();
  const figures =
    window.rate === null
      ? await asManyAsAnswered(window.seconds)
      : await evenlySpaced(
          { url: job.url, headers: job.headers, path: () => scenario!.path() },
          window.seconds,
          window.rate,
        );
  return { ...figures, generatorStalls: stalls.read() };
}

/** Closed loop: each connection sends its next request when the last one is answered, so the server sets the pace. */
async function asManyAsAnswered(seconds: number): Promise<Omit<GeneratorResult, 'generatorStalls'>> {
  const result = await autocannon({
    url: job.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: job.headers,
    requests: [
      {
        setupRequest: (request: { path: string }) => {
          request.path = scenario!.path();
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
  };
}
