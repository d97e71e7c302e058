/// <reference types="jest" />
import { Chain } from '../chain/chain.js';
import { memoryEntry } from '../chain/memory-source.js';
import { Registrations } from './registrations.js';

const GENESIS_POOL = 'pool1enxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxvc0r33hr';
const POOL = 'pool1vng3kfwp6evwqwkwm787tujcce8atc3x8unp9rxe6gqa7zzkpvw';
const drep = { type: 'registered', from: 'verificationKey', id: 'dd'.repeat(28) };

function block(height: number, certificates: object[], spends = 'inputs') {
  return {
    type: 'praos',
    era: 'conway',
    id: String(height).padStart(64, '0'),
    height,
    slot: 400 + height,
    transactions: [{ id: 'ab'.repeat(32), spends, certificates }],
  };
}

describe('registrations read from the chain', () => {
  it('knows the genesis pools and the pools and DReps certified by valid transactions, until a rollback', () => {
    const chain = new Chain();
    const registrations = new Registrations(chain, [GENESIS_POOL]);
    const append = (height: number, certificates: object[], spends?: string) =>
      chain.append(memoryEntry(block(height, certificates, spends), undefined, 21600));
    append(1, [{ type: 'stakePoolRegistration', stakePool: { id: POOL } }]);
    append(2, [{ type: 'delegateRepresentativeRegistration', delegateRepresentative: drep }], 'collaterals');
    expect(registrations.poolRegistered(GENESIS_POOL)).toBe(true);
    expect(registrations.poolRegistered(POOL)).toBe(true);
    // Declared invalid: its certificates take no effect.
    expect(registrations.drepRegistered({ from: 'verificationKey', credential: drep.id })).toBe(false);

    append(3, [{ type: 'delegateRepresentativeRegistration', delegateRepresentative: drep }]);
    expect(registrations.drepRegistered({ from: 'verificationKey', credential: drep.id })).toBe(true);
    append(4, [{ type: 'delegateRepresentativeRetirement', delegateRepresentative: drep }]);
    expect(registrations.drepRegistered({ from: 'verificationKey', credential: drep.id })).toBe(false);
    chain.rollBackTo({ slot: 403, id: block(3, []).id });
    expect(registrations.drepRegistered({ from: 'verificationKey', credential: drep.id })).toBe(true);
    chain.rollBackTo({ slot: 401, id: block(1, []).id });
    expect(registrations.drepRegistered({ from: 'verificationKey', credential: drep.id })).toBe(false);
    expect(registrations.poolRegistered(POOL)).toBe(true);
  });
});
