import type { GovernanceSettings, GovernanceView } from '../governance.js';

/** Governance settings with nothing enacted: the custom network's constitution shape, no guardrails. */
export const NO_GOVERNANCE: GovernanceSettings = {
  constitution: {
    metadata: { url: 'https://frostline.invalid/constitution', hash: '00'.repeat(32) },
    guardrails: null,
  },
  quorum: '2/3',
  lastEnacted: {},
  parameters: {},
  pending: { ratified: [], expired: [] },
  drepStake: new Map(),
};

/** A governance state with no DReps, proposals or committee (tests override what they need). */
export const emptyGovernance: Omit<GovernanceView, 'poolRegistered'> = {
  drep: () => undefined,
  proposal: () => undefined,
  committeeMembers: () => [],
  governance: () => NO_GOVERNANCE,
};
