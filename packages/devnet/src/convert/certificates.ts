/**
 * Certificates (CDDL `certificate`, tags 0–18) → Ogmios `certificates`.
 *
 * Ogmios quirks reproduced here:
 * - Conway's combined certificates (11–13) become two items: a registration
 *   with deposit, then a delegation. JSON positions therefore differ from the
 *   ledger's certificate indexes used by `publish` redeemers.
 * - MIR certificates (6) are not certificates in Ogmios but `proposals`
 *   (see governance.ts), so they are returned separately.
 */
import type { Certificate, GovernanceProposal, Relay } from '@cardano-ogmios/schema';
import { encodePoolId, encodeRewardAccount } from './address.js';
import { type Cbor, bytes, hex, items, map, ratio, toBigInt, toNumber } from './codec.js';
import { anchor, credential, delegateRepresentative, optionalMetadata } from './credential.js';
import { coin } from './value.js';

export interface ConvertedCertificates {
  certificates: Certificate[];
  /** MIR certificates, already in Ogmios' proposal shape. */
  transfers: GovernanceProposal[];
}

export function convertCertificates(raw: Cbor): ConvertedCertificates {
  const result: ConvertedCertificates = { certificates: [], transfers: [] };
  for (const cert of items(raw)) {
    const fields = cert as Cbor[];
    if (fields[0] === 6) result.transfers.push(moveInstantaneousRewards(fields[1]));
    else result.certificates.push(...certificate(fields));
  }
  return result;
}

function stake(raw: Cbor): { credential: string; from: 'verificationKey' | 'script' } {
  const { id, from } = credential(raw);
  return { credential: id, from };
}

function certificate(fields: Cbor[]): Certificate[] {
  const [type, a, b, c, d] = fields;
  const registration = (deposit?: Cbor): Certificate => ({
    type: 'stakeCredentialRegistration',
    ...stake(a),
    ...(deposit === undefined ? {} : { deposit: coin(deposit) }),
  });
  const pool = (hash: Cbor) => ({ stakePool: { id: encodePoolId(bytes(hash)) } });
  const drep = (raw: Cbor) => ({ delegateRepresentative: delegateRepresentative(raw) });
  switch (type) {
    case 0:
      return [registration()];
    case 1:
      return [{ type: 'stakeCredentialDeregistration', ...stake(a) }];
    case 2:
      return [{ type: 'stakeDelegation', ...stake(a), ...pool(b) }];
    case 3:
      return [{ type: 'stakePoolRegistration', stakePool: poolParameters(fields.slice(1)) }];
    case 4:
      return [
        {
          type: 'stakePoolRetirement',
          stakePool: { id: encodePoolId(bytes(a)), retirementEpoch: toNumber(b) },
        },
      ];
    case 5:
      return [
        {
          type: 'genesisDelegation',
          delegate: { id: hex(bytes(b)), vrfVerificationKeyHash: hex(bytes(c)) },
          issuer: { id: hex(bytes(a)) },
        },
      ];
    case 7:
      return [registration(b)];
    case 8:
      return [{ type: 'stakeCredentialDeregistration', ...stake(a), deposit: coin(b) }];
    case 9:
      return [{ type: 'stakeDelegation', ...stake(a), ...drep(b) }];
    case 10:
      return [{ type: 'stakeDelegation', ...stake(a), ...pool(b), ...drep(c) }];
    case 11:
      return [registration(c), { type: 'stakeDelegation', ...stake(a), ...pool(b) }];
    case 12:
      return [registration(c), { type: 'stakeDelegation', ...stake(a), ...drep(b) }];
    case 13:
      return [registration(d), { type: 'stakeDelegation', ...stake(a), ...pool(b), ...drep(c) }];
    case 14:
      return [
        {
          type: 'constitutionalCommitteeDelegation',
          member: credential(a),
          delegate: { status: 'authorized', ...credential(b) },
        },
      ];
    case 15:
      return [{ type: 'constitutionalCommitteeRetirement', member: credential(a), ...optionalMetadata(b) }];
    case 16:
      return [
        {
          type: 'delegateRepresentativeRegistration',
          delegateRepresentative: registeredDrep(a),
          deposit: coin(b),
          ...optionalMetadata(c),
        },
      ];
    case 17:
      return [
        {
          type: 'delegateRepresentativeRetirement',
          delegateRepresentative: registeredDrep(a),
          deposit: coin(b),
        },
      ];
    case 18:
      return [
        {
          type: 'delegateRepresentativeUpdate',
          delegateRepresentative: registeredDrep(a),
          metadata: b === null ? null : anchor(b),
        } as Certificate,
      ];
    default:
      throw new Error(`unknown certificate type ${String(type)}`);
  }
}

function registeredDrep(raw: Cbor) {
  return { type: 'registered' as const, ...credential(raw) };
}

/** `pool_params = (operator, vrf_keyhash, pledge, cost, margin, reward_account, owners, relays, metadata/null)`. */
function poolParameters([
  operator,
  vrf,
  pledge,
  cost,
  margin,
  rewardAccount,
  owners,
  relays,
  metadata,
]: Cbor[]) {
  // The ledger keeps owners in a Set, hence sorted.
  const ownerHashes = items(owners)
    .map((owner) => hex(bytes(owner)))
    .sort();
  return {
    id: encodePoolId(bytes(operator)),
    vrfVerificationKeyHash: hex(bytes(vrf)),
    pledge: coin(pledge),
    cost: coin(cost),
    margin: ratio(margin),
    rewardAccount: encodeRewardAccount(bytes(rewardAccount)),
    owners: [...new Set(ownerHashes)],
    relays: items(relays).map(relay),
    ...(metadata === null ? {} : { metadata: anchor(metadata) }),
  };
}

function relay(raw: Cbor): Relay {
  const [kind, a, b, c] = raw as [number, Cbor, Cbor, Cbor];
  const port = (value: Cbor) => (value === null ? {} : { port: toNumber(value) });
  if (kind === 0) {
    return {
      type: 'ipAddress',
      ...(b === null ? {} : { ipv4: [...bytes(b)].join('.') }),
      ...(c === null ? {} : { ipv6: ipv6(bytes(c)) }),
      ...port(a),
    };
  }
  if (kind === 1) return { type: 'hostname', hostname: b as string, ...port(a) };
  return { type: 'hostname', hostname: a as string };
}

/**
 * The ledger reads the 16 bytes as four little-endian 32-bit words (a known
 * cardano-ledger quirk), and Ogmios prints the result in RFC 5952 form.
 */
function ipv6(raw: Uint8Array): string {
  const groups: number[] = [];
  for (let word = 0; word < 4; word++) {
    const o = word * 4;
    groups.push((raw[o + 3]! << 8) | raw[o + 2]!, (raw[o + 1]! << 8) | raw[o]!);
  }
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const text = groups.map((g) => g.toString(16));
  if (bestStart < 0) return text.join(':');
  return `${text.slice(0, bestStart).join(':')}::${text.slice(bestStart + bestLength).join(':')}`;
}

/** `move_instantaneous_reward = [pot, {credential => delta_coin} / coin]`, pot 0 = reserves. */
function moveInstantaneousRewards(raw: Cbor): GovernanceProposal {
  const [pot, target] = raw as [number, Cbor];
  const source = pot === 0 ? 'reserves' : 'treasury';
  if (target instanceof Map) {
    const withdrawals: Record<string, { ada: { lovelace: bigint } }> = {};
    for (const [who, delta] of map(target)) withdrawals[credential(who).id] = coin(toBigInt(delta));
    // `Value<Delta>` is typed as number upstream, but the client turns every lovelace into bigint.
    return {
      action: { type: 'treasuryWithdrawals', withdrawals, guardrails: null },
    } as unknown as GovernanceProposal;
  }
  return {
    action: {
      type: 'treasuryTransfer',
      source,
      target: pot === 0 ? 'treasury' : 'reserves',
      value: coin(target),
    },
  } as GovernanceProposal;
}
