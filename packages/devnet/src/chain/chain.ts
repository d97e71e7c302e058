import { EventEmitter } from 'node:events';
import { closeSync, openSync, readSync } from 'node:fs';
import { tipOf, type BlockEntry } from './block-entry.js';
import { stringifyJson } from './json.js';
import { describePoint, samePoint, type Point, type Tip } from './point.js';

const EMPTY = Buffer.alloc(0);

/** Position of a point on the chain: -1 is origin, otherwise an index into the blocks. */
export type Position = number;

export interface ChainEvents {
  /** Blocks after `position` were dropped (rollback or switch to a fork). */
  rollback: [position: Position];
  /** The tip changed (new blocks, rollback or fork); parked readers may now be answered. */
  update: [];
}

/**
 * The chain the devnet currently serves (the node's selected chain). It keeps only small entries per
 * block plus an id index for intersections; block JSON is fetched on demand.
 */
export class Chain extends EventEmitter<ChainEvents> {
  private readonly blocks: BlockEntry[] = [];
  private readonly positions = new Map<string, Position>();
  private readonly files = new Map<string, number>();
  private tipText: string | undefined;
  lastUpdate = new Date();

  constructor() {
    super();
    // Every WebSocket connection listens for chain updates; there is no leak to warn about.
    this.setMaxListeners(0);
  }

  get length(): number {
    return this.blocks.length;
  }

  tip(): Tip | 'origin' {
    const last = this.blocks.at(-1);
    return last === undefined ? 'origin' : tipOf(last);
  }

  at(position: Position): BlockEntry {
    const entry = this.blocks[position];
    if (entry === undefined) throw new RangeError(`no block at position ${position}`);
    return entry;
  }

  pointAt(position: Position): Point {
    if (position === -1) return 'origin';
    const { slot, id } = this.at(position);
    return { slot, id };
  }

  /** Where `point` is on the chain, or undefined when it is not on it. */
  find(point: Point): Position | undefined {
    if (point === 'origin') return -1;
    const position = this.positions.get(point.id);
    return position !== undefined && samePoint(this.pointAt(position), point) ? position : undefined;
  }

  append(entry: BlockEntry): void {
    this.push(entry);
    this.touch();
  }

  rollBackTo(point: Point): void {
    this.truncate(this.require(point));
    this.touch();
  }

  /** Adopts another branch in one step, the way a node switches to a longer fork. */
  switchTo(point: Point, branch: BlockEntry[]): void {
    this.truncate(this.require(point));
    branch.forEach((entry) => this.push(entry));
    this.touch();
  }

  /** The block's Ogmios JSON as UTF-8 bytes, exactly as it was given. */
  blockBytes(entry: BlockEntry): Buffer {
    return this.wrapBlock(entry, EMPTY, EMPTY);
  }

  /**
   * `before`, the block's bytes and `after` in one buffer: a served block goes from the chain file to
   * the socket without being decoded, encoded or copied again.
   */
  wrapBlock(entry: BlockEntry, before: Buffer, after: Buffer): Buffer {
    const { body } = entry;
    const length = 'bytes' in body ? body.bytes.length : body.length;
    const message = Buffer.allocUnsafe(before.length + length + after.length);
    before.copy(message);
    // A synchronous positioned read keeps responses in request order without a queue; it is a single
    // read that the page cache usually serves.
    if ('bytes' in body) body.bytes.copy(message, before.length);
    else readSync(this.descriptor(body.file), message, before.length, length, body.offset);
    after.copy(message, before.length + length);
    return message;
  }

  /** The tip as JSON, computed once per chain change rather than once per served block. */
  tipJson(): string {
    this.tipText ??= stringifyJson(this.tip());
    return this.tipText;
  }

  close(): void {
    this.files.forEach((fd) => closeSync(fd));
    this.files.clear();
  }

  private descriptor(file: string): number {
    let fd = this.files.get(file);
    if (fd === undefined) {
      fd = openSync(file, 'r');
      this.files.set(file, fd);
    }
    return fd;
  }

  private require(point: Point): Position {
    const position = this.find(point);
    if (position === undefined) throw new Error(`point ${describePoint(point)} is not on the chain`);
    return position;
  }

  private push(entry: BlockEntry): void {
    this.tipText = undefined;
    this.positions.set(entry.id, this.blocks.length);
    this.blocks.push(entry);
  }

  private truncate(position: Position): void {
    if (position === this.blocks.length - 1) return;
    this.tipText = undefined;
    for (const dropped of this.blocks.splice(position + 1)) this.positions.delete(dropped.id);
    this.emit('rollback', position);
  }

  private touch(): void {
    this.lastUpdate = new Date();
    this.emit('update');
  }
}
