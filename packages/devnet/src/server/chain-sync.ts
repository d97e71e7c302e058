import { stringifyJson } from '../chain/json.js';
import type { Chain, Position } from '../chain/chain.js';
import { isPoint, type Point } from '../chain/point.js';
import { InvalidParams, respond, type RpcId } from './rpc.js';

const BACKWARD = '{"jsonrpc":"2.0","method":"nextBlock","result":{"direction":"backward","point":';
const FORWARD = Buffer.from('{"jsonrpc":"2.0","method":"nextBlock","result":{"direction":"forward","block":');

/**
 * One client's chain-sync state, following the ChainDB follower semantics
 * (docs/ogmios.md#chain-synchronisation): the cursor starts at origin with a pending roll-backward, an
 * intersection moves the cursor and queues a roll-backward to it, and requests that find no next block
 * are parked until the chain changes.
 */
export class ChainSyncSession {
  private position: Position = -1;
  private mustRollBack = true;
  private readonly parked: RpcId[] = [];

  constructor(
    private readonly chain: Chain,
    private readonly send: (message: string | Buffer) => void,
  ) {}

  findIntersection(params: Record<string, unknown>, id: RpcId): void {
    const { points } = params;
    if (!Array.isArray(points) || !points.every(isPoint)) {
      throw new InvalidParams('findIntersection needs "points": an array of {"slot","id"} or "origin"');
    }
    if (this.parked.length > 0) {
      const message =
        "Cannot interleave 'findIntersection' requests with 'nextBlock'. Note that you should never face this error. If you do, please open an issue.";
      this.send(respond('findIntersection', { error: { code: 1001, message } }, id));
      return;
    }
    const tip = this.chain.tip();
    for (const point of points as Point[]) {
      const position = this.chain.find(point);
      if (position !== undefined) {
        this.position = position;
        this.mustRollBack = true;
        this.send(respond('findIntersection', { result: { intersection: point, tip } }, id));
        return;
      }
    }
    const error = { code: 1000, message: 'No intersection found.', data: { tip } };
    this.send(respond('findIntersection', { error }, id));
  }

  nextBlock(id: RpcId): void {
    this.parked.push(id);
    this.answerParked();
  }

  /** Called when blocks after `position` were dropped: a client past the fork point must roll back. */
  rolledBack(position: Position): void {
    if (this.position > position) {
      this.position = position;
      this.mustRollBack = true;
    }
  }

  /** Answers parked requests, oldest first, as long as there is something to tell. */
  answerParked(): void {
    while (this.parked.length > 0) {
      const response = this.next(this.parked[0]);
      if (response === undefined) return;
      this.parked.shift();
      this.send(response);
    }
  }

  /**
   * The next response. A block is spliced in as the exact bytes it was stored with, so served blocks
   * are byte-for-byte the blocks of the chain source, and the hot path neither parses nor re-encodes.
   */
  private next(id: RpcId): string | Buffer | undefined {
    const tail = `,"tip":${this.chain.tipJson()}},"id":${id === null || id === undefined ? 'null' : stringifyJson(id)}}`;
    if (this.mustRollBack) {
      this.mustRollBack = false;
      return `${BACKWARD}${stringifyJson(this.chain.pointAt(this.position))}${tail}`;
    }
    if (this.position + 1 >= this.chain.length) return undefined;
    this.position += 1;
    return this.chain.wrapBlock(this.chain.at(this.position), FORWARD, Buffer.from(tail));
  }
}
