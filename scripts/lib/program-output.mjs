// How `npm start` shows what its programs print. LOG_FORMAT=json (the default when the output is not a
// terminal, e.g. a log collector's pipe): their lines as they come, pino's JSON. LOG_FORMAT=pretty (the
// default on a terminal): pino's lines made readable by pino-pretty, and the indexer's catch-up progress
// as one line that the terminal redraws in place.
import { createInterface } from 'node:readline';
import { prettyFactory } from 'pino-pretty';

export const LOG_FORMATS = ['json', 'pretty'];

/**
 * How a program's output reaches ours: the stdio to spawn it with, and what to do with it once started.
 * @typedef {{
 *   stdio: import('node:child_process').StdioOptions,
 *   attach: (name: string, child: import('node:child_process').ChildProcess) => void,
 * }} ProgramOutput
 */

/**
 * The indexer's progress entry (apps/indexer's Indexer.logProgress): 'syncing' every few seconds while
 * it catches up, 'block' for each block written at the node's tip.
 * @typedef {{
 *   msg: string, height: number, slot?: number, tipHeight: number | null,
 *   syncPercent: number, blocksPerSecond: number, etaSeconds: number,
 * }} Progress
 */

/**
 * @param {string} format one of LOG_FORMATS
 * @returns {ProgramOutput}
 */
export function programOutput(format) {
  if (format === 'json') return { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], attach: () => {} };
  const status = process.stdout.isTTY ? statusLine(process.stdout) : null;
  if (status && process.stderr.isTTY) status.keepBelow(process.stderr);
  const pretty = prettyFactory({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,app',
    singleLine: true,
  });
  return {
    stdio: ['inherit', 'pipe', 'pipe', 'ipc'],
    attach(name, child) {
      for (const [from, to] of /** @type {const} */ ([
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])) {
        if (!from) continue;
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
          const entry = pinoEntry(line);
          if (entry?.msg === 'syncing') {
            const text = catchingUp(name, /** @type {Progress} */ (/** @type {unknown} */ (entry)));
            return status ? status.set(text) : to.write(`${text}\n`);
          }
          if (entry?.msg === 'block') status?.set('');
          to.write(entry ? pretty(readable(name, entry)) : `${line}\n`);
        });
      }
      child.once('exit', () => status?.set(''));
    },
  };
}

/**
 * The JSON object of a pino line; null for any other line (a program's one-line error, the devnet's text).
 * @param {string} line
 * @returns {{ level: number, time: number, msg?: string, err?: unknown } | null}
 */
function pinoEntry(line) {
  if (!line.startsWith('{')) return null;
  try {
    const entry = JSON.parse(line);
    return typeof entry?.level === 'number' ? entry : null;
  } catch {
    return null;
  }
}

/**
 * A pino entry as pino-pretty is to show it: named after its program, a block at the tip as one short
 * message, a warning's error as its message (a service not reachable yet: the stack is only noise).
 * @param {string} name
 * @param {NonNullable<ReturnType<typeof pinoEntry>>} entry
 */
function readable(name, entry) {
  const { err, ...rest } = entry;
  if (entry.msg === 'block') {
    const { height, slot } = /** @type {Progress} */ (/** @type {unknown} */ (entry));
    return { level: entry.level, time: entry.time, name, msg: blockLine(height, slot) };
  }
  if (entry.level < 50 && err instanceof Object && 'message' in err)
    return { ...rest, name, msg: `${entry.msg}: ${err.message}` };
  return { ...entry, name };
}

const count = new Intl.NumberFormat('en');

/**
 * @param {string} name
 * @param {Progress} progress
 */
function catchingUp(name, { syncPercent, height, tipHeight, blocksPerSecond, etaSeconds }) {
  const of = tipHeight === null ? '' : ` of ${count.format(tipHeight)}`;
  return (
    `${name}: catching up, ${syncPercent.toFixed(2)} % of the node's tip (block ${count.format(height)}${of}), ` +
    `${count.format(blocksPerSecond)} blocks/s, ETA ${duration(etaSeconds)}`
  );
}

/**
 * @param {number} height
 * @param {number | undefined} slot
 */
function blockLine(height, slot) {
  return `block ${count.format(height)}${slot === undefined ? '' : ` (slot ${count.format(slot)})`}`;
}

/**
 * Seconds as the two largest units that matter: '45 s', '12 min 5 s', '3 h 20 min', '2 d 4 h'.
 * @param {number} seconds
 */
function duration(seconds) {
  const units = /** @type {const} */ ([
    ['d', 86_400],
    ['h', 3600],
    ['min', 60],
    ['s', 1],
  ]);
  const first = units.findIndex(([, size]) => seconds >= size);
  if (first === -1) return '0 s';
  const [unit, size] = units[first];
  const whole = Math.floor(seconds / size);
  const next = units[first + 1];
  if (!next) return `${whole} ${unit}`;
  const rest = Math.floor((seconds - whole * size) / next[1]);
  return rest ? `${whole} ${unit} ${rest} ${next[0]}` : `${whole} ${unit}`;
}

/**
 * One line at the bottom of a terminal that set() redraws in place. Whatever else is written to the
 * terminal (every stream passed to keepBelow, and this one) is written above it: the line is erased
 * before each write and drawn again after it. An empty text takes the line away.
 * @param {NodeJS.WriteStream} terminal
 */
function statusLine(terminal) {
  let text = '';
  const write = terminal.write.bind(terminal);
  const erase = () => text && write('\r\x1b[2K');
  // cut to the terminal's width: a wrapped line could not be erased as one
  const draw = () => text && write(text.slice(0, Math.max((terminal.columns ?? 80) - 1, 1)));
  /** @param {NodeJS.WriteStream} stream */
  const keepBelow = (stream) => {
    const original = stream.write;
    stream.write = /** @type {typeof stream.write} */ (
      (/** @type {Parameters<typeof stream.write>} */ ...args) => {
        erase();
        const result = Reflect.apply(original, stream, args);
        draw();
        return result;
      }
    );
  };
  keepBelow(terminal);
  return {
    keepBelow,
    /** @param {string} next */
    set(next) {
      erase();
      text = next;
      draw();
    },
  };
}
