import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { keyPair, toHex } from '../../generate/keys.js';

/**
 * A small chain of Ogmios blocks (custom network: 100-slot epochs from slot 100) in which a pool
 * registers with Alice as its owner and the operator's account as reward account, Alice delegates
 * 1,000 ada to it (epoch 2), the pool makes one block in each epoch 2–8 and, in epoch 7, announces its
 * retirement for epoch 8.
 */
export function stakingChain() {
  const cold = keyPair('test/staking-pool/cold');
  const pool = cold.hash.to_bech32('pool');
  const alice = keyPair('test/alice');
  const operator = keyPair('test/operator');
  const credential = (key: typeof alice) => ({
    from: 'verificationKey' as const,
    credential: key.hash.to_hex(),
  });
  const stakeAddress = (key: typeof alice) =>
    CSL.RewardAddress.new(0, CSL.Credential.from_keyhash(key.hash)).to_address().to_bech32();
  const aliceAddress = CSL.BaseAddress.new(
    0,
    CSL.Credential.from_keyhash(alice.hash),
    CSL.Credential.from_keyhash(alice.hash),
  )
    .to_address()
    .to_bech32();
  const ada = (quantity: bigint) => ({ ada: { lovelace: quantity * 1_000_000n } });
  const deposit = ada(2n);
  const transactions = {
    stake: {
      id: 'a1'.repeat(32),
      spends: 'inputs',
      inputs: [],
      outputs: [{ address: aliceAddress, value: ada(1_000n) }],
      fee: ada(1n),
      certificates: [
        { type: 'stakeCredentialRegistration', ...credential(alice), deposit },
        { type: 'stakeCredentialRegistration', ...credential(operator), deposit },
        {
          type: 'stakePoolRegistration',
          stakePool: {
            id: pool,
            vrfVerificationKeyHash: 'ee'.repeat(32),
            owners: [alice.hash.to_hex()],
            cost: ada(340n),
            margin: '0/1',
            pledge: ada(100n),
            rewardAccount: stakeAddress(operator),
            relays: [],
          },
        },
        { type: 'stakeDelegation', ...credential(alice), stakePool: { id: pool } },
      ],
    },
    retire: {
      id: 'a2'.repeat(32),
      spends: 'inputs',
      inputs: [],
      outputs: [],
      fee: ada(1n),
      certificates: [{ type: 'stakePoolRetirement', stakePool: { id: pool, retirementEpoch: 8 } }],
    },
  };
  const slots = [150, 250, 350, 450, 550, 650, 750];
  const blocks = slots.map((slot, index) => ({
    type: 'praos',
    era: 'conway',
    id: String(index + 1).padStart(64, '0'),
    ancestor: index === 0 ? 'genesis' : String(index).padStart(64, '0'),
    height: index + 1,
    slot,
    issuer: { verificationKey: toHex(cold.publicKey.as_bytes()) },
    transactions: slot === 150 ? [transactions.stake] : slot === 650 ? [transactions.retire] : [],
  }));
  return { blocks, pool, alice: credential(alice), operator: credential(operator), aliceAddress };
}
