import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Network } from './networks.js';
import { decimalRatio, lovelacePortion, objectRatio } from './ratio.js';

export const GENESIS_ERAS = ['byron', 'shelley', 'alonzo', 'conway'] as const;
export type GenesisEra = (typeof GENESIS_ERAS)[number];

const ada = (lovelace: number | string | bigint) => ({ ada: { lovelace: BigInt(lovelace) } });
const bytes = (count: number | string) => ({ bytes: Number(count) });
const base64ToHex = (text: string) => Buffer.from(text, 'base64').toString('hex');

/** `queryNetwork/genesisConfiguration`: the genesis file of `era` in Ogmios' JSON shape. */
export function genesisConfiguration(network: Network, era: GenesisEra): Record<string, unknown> {
  switch (era) {
    case 'byron':
      return byronGenesis(network);
    case 'shelley':
      return shelleyGenesis(network);
    case 'alonzo':
      return { era, updatableParameters: alonzoParameters(network) };
    case 'conway':
      return conwayGenesis(network);
  }
}

function byronGenesis(network: Network): Record<string, unknown> {
  const genesis = network.genesis.byron;
  const data = genesis.blockVersionData;
  const heavyDelegation = genesis.heavyDelegation as Record<string, { issuerPk: string; delegatePk: string }>;
  return {
    era: 'byron',
    genesisKeyHashes: Object.keys(genesis.bootStakeholders),
    genesisDelegations: Object.fromEntries(
      Object.entries(heavyDelegation).map(([keyHash, { issuerPk, delegatePk }]) => [
        keyHash,
        {
          issuer: { verificationKey: base64ToHex(issuerPk) },
          delegate: { verificationKey: base64ToHex(delegatePk) },
        },
      ]),
    ),
    startTime: new Date((genesis.startTime as number) * 1000).toISOString().replace('.000Z', 'Z'),
    initialFunds: mapValues(genesis.nonAvvmBalances, (lovelace) => ada(lovelace as string)),
    initialVouchers: Object.fromEntries(
      Object.entries(genesis.avvmDistr as Record<string, string>).map(([key, lovelace]) => [
        Buffer.from(key, 'base64url').toString('hex'),
        ada(lovelace),
      ]),
    ),
    securityParameter: genesis.protocolConsts.k,
    networkMagic: genesis.protocolConsts.protocolMagic,
    // The Byron fee policy (fixed-point lovelace per byte) has no integer form in Ogmios' schema; it is omitted.
    updatableParameters: {
      heavyDelegationThreshold: lovelacePortion(data.heavyDelThd),
      maxBlockBodySize: bytes(data.maxBlockSize),
      maxBlockHeaderSize: bytes(data.maxHeaderSize),
      maxUpdateProposalSize: bytes(data.maxProposalSize),
      maxTransactionSize: bytes(data.maxTxSize),
      multiPartyComputationThreshold: lovelacePortion(data.mpcThd),
      scriptVersion: data.scriptVersion,
      slotDuration: Number(data.slotDuration),
      unlockStakeEpoch: BigInt(data.unlockStakeEpoch),
      updateProposalThreshold: lovelacePortion(data.updateProposalThd),
      updateProposalTimeToLive: Number(data.updateImplicit),
      updateVoteThreshold: lovelacePortion(data.updateVoteThd),
      softForkInitThreshold: lovelacePortion(data.softforkRule.initThd),
      softForkMinThreshold: lovelacePortion(data.softforkRule.minThd),
      softForkDecrementThreshold: lovelacePortion(data.softforkRule.thdDecrement),
    },
  };
}

function shelleyGenesis(network: Network): Record<string, unknown> {
  const genesis = network.genesis.shelley;
  const genDelegs = genesis.genDelegs as Record<string, { delegate: string; vrf: string }>;
  return {
    era: 'shelley',
    startTime: genesis.systemStart,
    networkMagic: genesis.networkMagic,
    network: genesis.networkId === 'Mainnet' ? 'mainnet' : 'testnet',
    activeSlotsCoefficient: decimalRatio(genesis.activeSlotsCoeff),
    securityParameter: genesis.securityParam,
    epochLength: genesis.epochLength,
    slotsPerKesPeriod: genesis.slotsPerKESPeriod,
    maxKesEvolutions: genesis.maxKESEvolutions,
    slotLength: { milliseconds: Math.round(genesis.slotLength * 1000) },
    updateQuorum: genesis.updateQuorum,
    maxLovelaceSupply: BigInt(genesis.maxLovelaceSupply),
    initialParameters: shelleyParameters(network),
    initialDelegates: Object.entries(genDelegs).map(([issuer, { delegate, vrf }]) => ({
      issuer: { id: issuer },
      delegate: { id: delegate, vrfVerificationKeyHash: vrf },
    })),
    // Shelley genesis keys initial funds by hex address; Ogmios shows them in bech32.
    initialFunds: Object.fromEntries(
      Object.entries(genesis.initialFunds as Record<string, number>).map(([address, lovelace]) => [
        CSL.Address.from_bytes(Buffer.from(address, 'hex')).to_bech32(),
        ada(lovelace),
      ]),
    ),
    initialStakePools: initialStakePools(genesis.staking),
  };
}

/** A stake pool of a Shelley genesis `staking` section, in cardano-ledger's JSON. */
interface GenesisStakePool {
  publicKey: string;
  vrf: string;
  pledge: number;
  cost: number;
  margin: number | { numerator: number; denominator: number };
  rewardAccount: { network: 'Mainnet' | 'Testnet'; credential: { keyHash: string } | { scriptHash: string } };
  owners: string[];
  relays: GenesisRelay[];
  metadata: { url: string; hash: string } | null;
}

type GenesisRelay =
  | { 'single host address': { IPv4?: string | null; IPv6?: string | null; port?: number | null } }
  | { 'single host name': { dnsName: string; port?: number | null } }
  | { 'multi host name': { dnsName: string } };

/**
 * Genesis stake pools (`staking.pools`, keyed by pool key hash) and the genesis delegations
 * (`staking.stake`: stake key hash → pool key hash), as Ogmios reports them: keyed by bech32 pool id.
 */
function initialStakePools(staking: { pools?: object; stake?: Record<string, string> } | undefined) {
  const pools = Object.values(staking?.pools ?? {}) as GenesisStakePool[];
  return {
    stakePools: Object.fromEntries(
      pools.map((pool) => {
        const id = poolId(pool.publicKey);
        return [
          id,
          {
            id,
            vrfVerificationKeyHash: pool.vrf,
            pledge: ada(pool.pledge),
            cost: ada(pool.cost),
            margin: genesisRatio(pool.margin),
            rewardAccount: rewardAccount(pool.rewardAccount),
            // The ledger keeps owners in a set, hence sorted and unique.
            owners: [...new Set(pool.owners)].sort(),
            relays: pool.relays.map(relay),
            ...(pool.metadata === null ? {} : { metadata: pool.metadata }),
          },
        ];
      }),
    ),
    delegators: mapValues(staking?.stake ?? {}, poolId),
  };
}

/** Bech32 ids of the stake pools the Shelley genesis registers. */
export function genesisStakePoolIds(network: Network): string[] {
  const staking = network.genesis.shelley.staking as { pools?: object } | undefined;
  const pools = Object.values(staking?.pools ?? {}) as GenesisStakePool[];
  return pools.map((pool) => poolId(pool.publicKey));
}

function poolId(keyHash: string): string {
  return CSL.Ed25519KeyHash.from_hex(keyHash).to_bech32('pool');
}

function rewardAccount({ network, credential }: GenesisStakePool['rewardAccount']): string {
  const stake =
    'keyHash' in credential
      ? CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex(credential.keyHash))
      : CSL.Credential.from_scripthash(CSL.ScriptHash.from_hex(credential.scriptHash));
  return CSL.RewardAddress.new(network === 'Mainnet' ? 1 : 0, stake)
    .to_address()
    .to_bech32();
}

function relay(relay: GenesisRelay): Record<string, unknown> {
  const port = (value: number | null | undefined) => (value == null ? {} : { port: value });
  if ('single host address' in relay) {
    const { IPv4, IPv6, port: number } = relay['single host address'];
    return {
      type: 'ipAddress',
      ...(IPv4 == null ? {} : { ipv4: IPv4 }),
      ...(IPv6 == null ? {} : { ipv6: IPv6 }),
      ...port(number),
    };
  }
  if ('single host name' in relay) {
    const { dnsName, port: number } = relay['single host name'];
    return { type: 'hostname', hostname: dnsName, ...port(number) };
  }
  return { type: 'hostname', hostname: relay['multi host name'].dnsName };
}

function shelleyParameters(network: Network): Record<string, unknown> {
  const p = network.genesis.shelley.protocolParams;
  return {
    minFeeCoefficient: p.minFeeA,
    minFeeConstant: ada(p.minFeeB),
    maxBlockBodySize: bytes(p.maxBlockBodySize),
    maxBlockHeaderSize: bytes(p.maxBlockHeaderSize),
    maxTransactionSize: bytes(p.maxTxSize),
    stakeCredentialDeposit: ada(p.keyDeposit),
    stakePoolDeposit: ada(p.poolDeposit),
    stakePoolRetirementEpochBound: p.eMax,
    desiredNumberOfStakePools: p.nOpt,
    stakePoolPledgeInfluence: decimalRatio(p.a0),
    minStakePoolCost: ada(p.minPoolCost),
    monetaryExpansion: decimalRatio(p.rho),
    treasuryExpansion: decimalRatio(p.tau),
    federatedBlockProductionRatio: decimalRatio(p.decentralisationParam),
    extraEntropy: p.extraEntropy.tag === 'NeutralNonce' ? 'neutral' : p.extraEntropy.contents,
    minUtxoDepositConstant: ada(p.minUTxOValue),
    minUtxoDepositCoefficient: 0,
    version: { major: p.protocolVersion.major, minor: p.protocolVersion.minor },
  };
}

function alonzoParameters(network: Network): Record<string, unknown> {
  const genesis = network.genesis.alonzo;
  return {
    minUtxoDepositCoefficient: genesis.lovelacePerUTxOWord,
    collateralPercentage: genesis.collateralPercentage,
    plutusCostModels: {
      'plutus:v1': costModel(genesis.costModels.PlutusV1),
      // Real networks' Alonzo files know only V1 (V2 came by a protocol update); a new testnet's may add V2.
      ...(genesis.costModels.PlutusV2 && { 'plutus:v2': costModel(genesis.costModels.PlutusV2) }),
    },
    maxCollateralInputs: genesis.maxCollateralInputs,
    maxExecutionUnitsPerBlock: executionUnits(genesis.maxBlockExUnits),
    maxExecutionUnitsPerTransaction: executionUnits(genesis.maxTxExUnits),
    maxValueSize: bytes(genesis.maxValueSize),
    scriptExecutionPrices: {
      memory: objectRatio(genesis.executionPrices.prMem),
      cpu: objectRatio(genesis.executionPrices.prSteps),
    },
  };
}

/**
 * Alonzo genesis files name the Plutus V1 cost parameters; the ledger orders them by name (the order of
 * the original Map), which is also the order of the arrays Ogmios returns.
 */
function costModel(model: number[] | Record<string, number>): number[] {
  if (Array.isArray(model)) return model;
  return Object.keys(model)
    .sort()
    .map((name) => model[name]);
}

function executionUnits(units: { exUnitsMem: number; exUnitsSteps: number }) {
  return { memory: units.exUnitsMem, cpu: units.exUnitsSteps };
}

function conwayGenesis(network: Network): Record<string, unknown> {
  const genesis = network.genesis.conway;
  const { anchor, script } = genesis.constitution;
  const members = genesis.committee.members as Record<string, number>;
  return {
    era: 'conway',
    constitution: {
      metadata: { url: anchor.url, hash: anchor.dataHash },
      guardrails: script ? { hash: script } : null,
    },
    constitutionalCommittee: {
      members: Object.entries(members).map(([member, expiration]) => {
        const [kind, id] = member.split('-');
        return {
          id,
          from: kind === 'scriptHash' ? 'script' : 'verificationKey',
          mandate: { epoch: expiration },
        };
      }),
      quorum: genesisRatio(genesis.committee.threshold),
    },
    updatableParameters: conwayParameters(network),
  };
}

function conwayParameters(network: Network): Record<string, unknown> {
  const genesis = network.genesis.conway;
  const pool = genesis.poolVotingThresholds;
  const drep = genesis.dRepVotingThresholds;
  return {
    stakePoolVotingThresholds: {
      noConfidence: decimalRatio(pool.motionNoConfidence),
      constitutionalCommittee: {
        default: decimalRatio(pool.committeeNormal),
        stateOfNoConfidence: decimalRatio(pool.committeeNoConfidence),
      },
      hardForkInitiation: decimalRatio(pool.hardForkInitiation),
      protocolParametersUpdate: { security: decimalRatio(pool.ppSecurityGroup) },
    },
    constitutionalCommitteeMinSize: genesis.committeeMinSize,
    constitutionalCommitteeMaxTermLength: genesis.committeeMaxTermLength,
    governanceActionLifetime: genesis.govActionLifetime,
    governanceActionDeposit: ada(genesis.govActionDeposit),
    delegateRepresentativeVotingThresholds: {
      noConfidence: decimalRatio(drep.motionNoConfidence),
      constitution: decimalRatio(drep.updateToConstitution),
      constitutionalCommittee: {
        default: decimalRatio(drep.committeeNormal),
        stateOfNoConfidence: decimalRatio(drep.committeeNoConfidence),
      },
      hardForkInitiation: decimalRatio(drep.hardForkInitiation),
      protocolParametersUpdate: {
        network: decimalRatio(drep.ppNetworkGroup),
        economic: decimalRatio(drep.ppEconomicGroup),
        technical: decimalRatio(drep.ppTechnicalGroup),
        governance: decimalRatio(drep.ppGovGroup),
      },
      treasuryWithdrawals: decimalRatio(drep.treasuryWithdrawal),
    },
    delegateRepresentativeDeposit: ada(genesis.dRepDeposit),
    delegateRepresentativeMaxIdleTime: genesis.dRepActivity,
  };
}

/** Genesis files write rationals as decimal numbers or {numerator, denominator} objects. */
function genesisRatio(value: number | { numerator: number; denominator: number }): string {
  return typeof value === 'number' ? decimalRatio(value) : objectRatio(value);
}

/**
 * Conway-era protocol parameters as they stand at genesis (Shelley + Alonzo + Conway genesis files,
 * Babbage's per-byte UTxO cost). Chain files override them with `protocolParameters` events.
 */
export function genesisProtocolParameters(network: Network): Record<string, unknown> {
  const shelley = shelleyParameters(network);
  const alonzo = alonzoParameters(network);
  const conway = network.genesis.conway;
  const { federatedBlockProductionRatio, extraEntropy, version, minUtxoDepositConstant, ...kept } = shelley;
  return {
    ...kept,
    ...alonzo,
    // Babbage replaced the per-word UTxO cost with a per-byte one (coinsPerUTxOWord / 8).
    minUtxoDepositCoefficient: Math.floor((network.genesis.alonzo.lovelacePerUTxOWord as number) / 8),
    minUtxoDepositConstant: ada(0),
    minFeeReferenceScripts: { range: 25600, base: conway.minFeeRefScriptCostPerByte, multiplier: 1.2 },
    maxReferenceScriptsSize: bytes(204800),
    plutusCostModels: {
      ...(alonzo.plutusCostModels as Record<string, number[]>),
      'plutus:v3': conway.plutusV3CostModel,
    },
    ...conwayParameters(network),
    version: { major: 10, minor: 0 },
  };
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
