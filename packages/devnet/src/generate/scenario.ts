import type { Action, Builder, Generation } from './context.js';
import { sweepByron } from './tx-builders/byron.js';
import { mintCip68, updateCip68 } from './tx-builders/cip68.js';
import { delegateVote, registerDRep, retireDRep } from './tx-builders/governance.js';
import { phase2Invalid } from './tx-builders/invalid.js';
import { burn, mintCip25, remintCip25 } from './tx-builders/mint.js';
import { mir } from './tx-builders/mir.js';
import { postTickers, registerOracle } from './tx-builders/oracle.js';
import { fundWallets, payPointers, payment } from './tx-builders/payment.js';
import { registerPool } from './tx-builders/pools.js';
import { datumsAndScripts, lockAtScript } from './tx-builders/scripts.js';
import { delegateStake, deregisterStake, registerStake, withdrawRewards } from './tx-builders/stake.js';

type Era = Generation['era'];

interface Step {
  builder: Builder;
  era?: Era;
}

const times = (n: number, step: Step): Step[] => Array.from({ length: n }, () => step);

/**
 * The first transactions of every chain after the Byron era, in order, so that even a short chain shows
 * every feature: Babbage steps run from the first block, Conway steps from the hard fork on. Steps whose era has
 * passed are skipped; a step whose builder cannot act yet is dropped.
 */
export function scenarioSteps(g: Pick<Generation, 'options' | 'actors'>): Step[] {
  const { actors, options } = g;
  const babbage = (builder: Builder, n = 1) => times(n, { builder, era: 'babbage' });
  const conway = (builder: Builder, n = 1) => times(n, { builder, era: 'conway' });
  return [
    ...times(3, { builder: sweepByron }),
    ...times(Math.ceil((actors.wallets.length + actors.oracles.length) / 40), { builder: fundWallets }),
    ...times(actors.pools.length, { builder: registerPool }),
    ...babbage(registerStake, Math.ceil(options.accounts / 2)),
    ...times(Math.min(3, options.accounts), { builder: delegateStake }),
    ...babbage(mir('reserves')),
    ...babbage(mir('treasury')),
    { builder: mintCip25(1) },
    { builder: mintCip25(2) },
    ...times(2, { builder: mintCip68 }),
    { builder: datumsAndScripts },
    ...times(2, { builder: lockAtScript }),
    { builder: phase2Invalid },
    ...times(actors.oracles.length, { builder: registerOracle }),
    ...times(3, { builder: postTickers }),
    ...babbage(payPointers),
    ...conway(registerStake, Math.floor(options.accounts / 2)),
    ...conway(registerDRep, actors.dreps.length),
    ...conway(delegateVote('registered'), 2),
    ...conway(delegateVote('abstain')),
    ...conway(delegateVote('noConfidence')),
    ...conway(retireDRep),
    ...conway(withdrawRewards, 2),
    ...conway(deregisterStake),
    ...conway(burn),
    ...conway(updateCip68),
    ...conway(remintCip25, 2),
    ...conway(payPointers),
    ...conway(phase2Invalid),
  ];
}

/** Relative frequency of each kind of transaction once the scenario is done. */
const MIX: { builder: Builder; weight: number; era?: Era }[] = [
  { builder: payment, weight: 70 },
  { builder: mintCip25(1), weight: 1.5 },
  { builder: mintCip25(2), weight: 1.5 },
  { builder: remintCip25, weight: 1 },
  { builder: burn, weight: 1.5 },
  { builder: mintCip68, weight: 1 },
  { builder: updateCip68, weight: 2 },
  { builder: datumsAndScripts, weight: 2 },
  { builder: lockAtScript, weight: 0.5 },
  { builder: phase2Invalid, weight: 0.5 },
  { builder: postTickers, weight: 3 },
  { builder: registerStake, weight: 1 },
  { builder: delegateStake, weight: 1.5 },
  { builder: withdrawRewards, weight: 1.5 },
  { builder: deregisterStake, weight: 0.5 },
  { builder: mir('reserves'), weight: 0.3, era: 'babbage' },
  { builder: mir('treasury'), weight: 0.3, era: 'babbage' },
  { builder: delegateVote('any'), weight: 1.5, era: 'conway' },
  { builder: registerDRep, weight: 0.3, era: 'conway' },
  { builder: retireDRep, weight: 0.2, era: 'conway' },
];

/** The next transaction: the next scenario step if one applies, else a random kind (payment as fallback). */
export function nextAction(g: Generation, steps: Step[]): Action | undefined {
  while (g.state.scenarioStep < steps.length) {
    const step = steps[g.state.scenarioStep]!;
    if (step.era === 'conway' && g.era === 'babbage') break;
    g.state.scenarioStep += 1;
    if (step.era === 'babbage' && g.era === 'conway') continue;
    const action = step.builder(g);
    if (action !== undefined) return action;
  }
  const eligible = MIX.filter((kind) => kind.era === undefined || kind.era === g.era);
  let roll = (g.random.next() / 0x1_0000_0000) * eligible.reduce((sum, kind) => sum + kind.weight, 0);
  const kind = eligible.find((candidate) => (roll -= candidate.weight) < 0) ?? eligible[0]!;
  return kind.builder(g) ?? payment(g);
}
