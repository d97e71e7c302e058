import type { Chain } from '../chain/chain.js';
import type { OutputReference, Utxo } from '../ledger/outputs.js';
import type { Credential } from '../ledger/ledger-data.js';
import type { Ledger } from '../ledger/ledger.js';
import { isPoint, type Point, type Slot } from '../chain/point.js';
import { eraSummaries, slotInfo } from '../networks/era-summaries.js';
import { GENESIS_ERAS, genesisConfiguration, type GenesisEra } from '../networks/genesis.js';
import { systemStart, type Network } from '../networks/networks.js';
import { decodeCredential } from './credentials.js';
import {
  constitution,
  constitutionalCommittee,
  delegateRepresentatives,
  governanceProposals,
} from './governance-queries.js';
import { devnetNonces } from './nonces.js';
import { InvalidParams, type Outcome } from './rpc.js';
import type { StakeSnapshot } from '../ledger/epoch-boundary.js';
import { ratio } from '../networks/ratio.js';

export interface LedgerContext {
  chain: Chain;
  ledger: Ledger;
  network: Network;
}

type Handler = (params: Record<string, unknown>) => Outcome;

/**
 * Ledger-state and network queries of one connection. `queryLedgerState/*` answer at the acquired point
 * when there is one, otherwise at the tip; `queryNetwork/*` always at the tip.
 */
export class LedgerStateSession {
  private acquired: Point | undefined;
  readonly handlers: Record<string, Handler>;

  constructor(private readonly context: LedgerContext) {
    this.handlers = {
      acquireLedgerState: (params) => this.acquire(params),
      releaseLedgerState: () => this.release(),
      'queryLedgerState/tip': () => ({ result: this.point() }),
      'queryLedgerState/epoch': () => ({ result: slotInfo(this.context.network, this.slot()).epoch }),
      'queryLedgerState/eraStart': () => ({ result: slotInfo(this.context.network, this.slot()).eraStart }),
      'queryLedgerState/eraSummaries': () => ({
        result: eraSummaries(this.context.network).map(({ start, end, parameters }) =>
          end === undefined ? { start, parameters } : { start, end, parameters },
        ),
      }),
      'queryLedgerState/protocolParameters': () => ({
        result: this.context.ledger.protocolParameters(this.slot()),
      }),
      'queryLedgerState/nonces': () => ({
        result: devnetNonces(this.context.chain, this.context.network, this.slot()),
      }),
      'queryLedgerState/rewardAccountSummaries': (params) => ({
        result: this.context.ledger.rewardAccounts(filterCredentials(params)),
      }),
      'queryLedgerState/utxo': (params) => ({ result: this.utxo(params) }),
      'queryLedgerState/treasuryAndReserves': () => {
        const { treasury, reserves } = this.context.ledger.tipState().epochState();
        return { result: { treasury: lovelace(treasury), reserves: lovelace(reserves) } };
      },
      'queryLedgerState/liveStakeDistribution': () => {
        const stake = poolStakes(this.context.ledger.tipState().liveStake());
        const total = [...stake.values()].reduce((sum, { lovelace: pool }) => sum + pool, 0n);
        return {
          result: Object.fromEntries(
            [...stake].map(([id, { lovelace: pool, vrf }]) => [
              id,
              { stake: total === 0n ? '0/1' : ratio(pool, total), vrf },
            ]),
          ),
        };
      },
      'queryLedgerState/stakePools': (params) => ({ result: this.stakePools(params) }),
      'queryLedgerState/governanceProposals': (params) => ({
        result: governanceProposals(this.context.ledger.tipState(), params),
      }),
      'queryLedgerState/delegateRepresentatives': (params) => ({
        result: delegateRepresentatives(this.context.ledger.tipState(), params),
      }),
      'queryLedgerState/constitutionalCommittee': () => ({
        result: constitutionalCommittee(
          this.context.ledger.tipState(),
          slotInfo(this.context.network, this.slot()).epoch,
        ),
      }),
      'queryLedgerState/constitution': () => ({ result: constitution(this.context.ledger.tipState()) }),
      'queryNetwork/tip': () => ({ result: this.tipPoint() }),
      'queryNetwork/blockHeight': () => {
        const tip = this.context.chain.tip();
        return { result: tip === 'origin' ? 'origin' : tip.height };
      },
      'queryNetwork/startTime': () => ({
        result: systemStart(this.context.network).toISOString().replace('.000Z', 'Z'),
      }),
      'queryNetwork/genesisConfiguration': (params) => {
        const era = params.era as GenesisEra;
        if (!GENESIS_ERAS.includes(era)) {
          throw new InvalidParams(`"era" must be one of ${GENESIS_ERAS.join(', ')}`);
        }
        return { result: genesisConfiguration(this.context.network, era) };
      },
    };
  }

  private acquire(params: Record<string, unknown>): Outcome {
    const { point } = params;
    if (!isPoint(point))
      throw new InvalidParams('acquireLedgerState needs "point": {"slot","id"} or "origin"');
    if (this.context.chain.find(point) === undefined) {
      return {
        error: { code: 2000, message: 'Failed to acquire requested point.', data: 'pointNotOnChain' },
      };
    }
    this.acquired = point;
    return { result: { acquired: 'ledgerState', point } };
  }

  private release(): Outcome {
    this.acquired = undefined;
    return { result: { released: 'ledgerState' } };
  }

  /** By output references, by addresses, or the whole set when neither is given; always at the tip. */
  private utxo(params: Record<string, unknown>): Utxo[] {
    const { outputReferences, addresses } = params;
    if (outputReferences !== undefined) {
      if (!Array.isArray(outputReferences) || !outputReferences.every(isOutputReference)) {
        throw new InvalidParams('"outputReferences" must be an array of {"transaction": {"id"}, "index"}');
      }
      return outputReferences.flatMap((reference) => this.context.ledger.utxo(reference) ?? []);
    }
    if (
      addresses !== undefined &&
      (!Array.isArray(addresses) || !addresses.every((a) => typeof a === 'string'))
    ) {
      throw new InvalidParams('"addresses" must be an array of addresses');
    }
    return this.context.ledger.utxosAt(addresses === undefined ? undefined : new Set(addresses as string[]));
  }

  /** The registered pools (those of `stakePools: [{id}]` only, when given), with their live stake on request. */
  private stakePools(params: Record<string, unknown>): Record<string, object> {
    const { stakePools, includeStake } = params;
    if (
      stakePools !== undefined &&
      (!Array.isArray(stakePools) ||
        !stakePools.every((pool) => typeof (pool as { id?: unknown })?.id === 'string'))
    )
      throw new InvalidParams('"stakePools" must be an array of {"id": "pool1…"}');
    const wanted =
      stakePools === undefined ? undefined : new Set((stakePools as { id: string }[]).map(({ id }) => id));
    const state = this.context.ledger.tipState();
    const stake = includeStake === true ? poolStakes(state.liveStake()) : undefined;
    const result: Record<string, object> = {};
    for (const [id, pool] of state.allPools()) {
      if (wanted !== undefined && !wanted.has(id)) continue;
      result[id] = {
        ...pool,
        ...(stake === undefined ? {} : { stake: lovelace(stake.get(id)?.lovelace ?? 0n) }),
      };
    }
    return result;
  }

  private tipPoint(): Point {
    const tip = this.context.chain.tip();
    return tip === 'origin' ? 'origin' : { slot: tip.slot, id: tip.id };
  }

  private point(): Point {
    return this.acquired ?? this.tipPoint();
  }

  private slot(): Slot {
    const point = this.point();
    return point === 'origin' ? 0 : point.slot;
  }
}

function isOutputReference(value: unknown): value is OutputReference {
  const { transaction, index } = (value ?? {}) as { transaction?: { id?: unknown }; index?: unknown };
  return (
    typeof transaction?.id === 'string' && /^[0-9a-f]{64}$/.test(transaction.id) && Number.isInteger(index)
  );
}

function filterCredentials(params: Record<string, unknown>): Credential[] | undefined {
  const { keys, scripts } = params;
  if (keys === undefined && scripts === undefined) return undefined;
  const list = (value: unknown, from: Credential['from']) => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw new InvalidParams('"keys" and "scripts" must be arrays');
    return value.map((text) => decodeCredential(text, from));
  };
  return [...list(keys, 'verificationKey'), ...list(scripts, 'script')];
}

const lovelace = (quantity: bigint) => ({ ada: { lovelace: quantity } });

/** Each registered pool's delegated stake and VRF key hash. */
function poolStakes(snapshot: StakeSnapshot): Map<string, { lovelace: bigint; vrf: string }> {
  const stakes = new Map<string, { lovelace: bigint; vrf: string }>();
  snapshot.pools.forEach((pool, id) => stakes.set(id, { lovelace: 0n, vrf: pool.vrfVerificationKeyHash }));
  snapshot.delegations.forEach(({ pool, stake }) => (stakes.get(pool)!.lovelace += stake));
  return stakes;
}
