import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Builder } from '../context.js';
import { bigNum } from '../tx.js';
import type { StakeAccount } from '../wallets.js';
import { FEE_RESERVE, ada, certificateDraft, gather } from './funding.js';
import { pickAccount } from './stake.js';

/**
 * A MIR certificate (before Conway) moving reserves or treasury to one or two registered accounts; the
 * rewards arrive at the next epoch boundary. The ledger would require genesis delegate signatures, which
 * a generated chain cannot have: the funding wallet signs instead (no node validates these blocks).
 */
export function mir(pot: 'reserves' | 'treasury'): Builder {
  return (g) => {
    if (g.era !== 'babbage') return undefined;
    const targets: StakeAccount[] = [];
    for (let i = 0; i < 2; i++) {
      const account = pickAccount(
        g,
        (summary, candidate) => summary !== undefined && !targets.includes(candidate),
      );
      if (account !== undefined) targets.push(account);
    }
    if (targets.length === 0) return undefined;
    const funding = gather(g, FEE_RESERVE);
    if (funding === undefined) return undefined;
    const amounts = targets.map(() => ada(g.random.between(1, 100)));
    const toCredentials = CSL.MIRToStakeCredentials.new();
    targets.forEach((account, i) =>
      toCredentials.insert(account.credential, CSL.Int.new(bigNum(amounts[i]!))),
    );
    const certificate = CSL.Certificate.new_move_instantaneous_rewards_cert(
      CSL.MoveInstantaneousRewardsCert.new(
        CSL.MoveInstantaneousReward.new_to_stake_creds(
          pot === 'reserves' ? CSL.MIRPot.Reserves : CSL.MIRPot.Treasury,
          toCredentials,
        ),
      ),
    );
    return {
      draft: certificateDraft(funding, { certificates: [certificate] }),
      apply: () => {
        targets.forEach((account, i) => {
          const history = g.state.account(account.stakeAddress);
          const amount = amounts[i]!;
          g.state.updateAccount(
            account.stakeAddress,
            pot === 'reserves'
              ? { reserves: history.reserves + amount }
              : { treasury: history.treasury + amount },
          );
          g.state.pendingMir.push({ stakeAddress: account.stakeAddress, amount });
        });
      },
    };
  };
}
