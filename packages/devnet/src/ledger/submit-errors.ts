import type { RpcError } from '../server/rpc.js';

/**
 * Ogmios v6.14 `submitTransaction` failures (ogmios.json `SubmitTransactionFailure<…>`): the code, the
 * message Ogmios writes and the `data` the schema defines for each ledger rule the devnet checks.
 */

export interface OutputReference {
  transaction: { id: string };
  index: number;
}

/** Ogmios `Value`: lovelace under `ada`, then assets by policy id and asset name (hex). */
export type ValueJson = Record<string, Record<string, bigint>>;

const lovelace = (amount: bigint) => ({ ada: { lovelace: amount } });

export const invalidSignatories = (keys: string[]): RpcError => ({
  code: 3100,
  message:
    "Some signatures are invalid. Only the serialised transaction body, without metadata or witnesses, must be signed. The field 'data.invalidSignatories' contains a list of keys for which the signature didn't verify.",
  data: { invalidSignatories: keys },
});

export const missingSignatories = (keyHashes: string[]): RpcError => ({
  code: 3101,
  message:
    "Some signatures are missing. A signed transaction must carry signatures for all inputs locked by verification keys or a native script. Transactions may also need signatures from the requiredSigners field. The field 'data.missingSignatories' contains a list of verification key hashes of the missing signatures.",
  data: { missingSignatories: keyHashes },
});

export const missingScripts = (scriptHashes: string[]): RpcError => ({
  code: 3102,
  message:
    "Some script witnesses are missing. Indeed, any script used in a transaction (when spending, minting, withdrawing or publishing certificates) must be provided in full with the transaction. Scripts must therefore be added either to the witness set or provided as a reference inputs should you use Plutus V2+ and a format from Babbage and beyond. The field 'data.missingScripts' contains a list of script hashes corresponding to the missing scripts.",
  data: { missingScripts: scriptHashes },
});

export const failingNativeScripts = (scriptHashes: string[]): RpcError => ({
  code: 3103,
  message:
    "Some native scripts failed to validate. Native scripts are scripts that only depend on signatures and validity intervals. The field 'data.failingNativeScripts' contains the hashes of the scripts that did not evaluate to true.",
  data: { failingNativeScripts: scriptHashes },
});

export const scriptIntegrityHashMismatch = (provided: string | null, computed: string | null): RpcError => ({
  code: 3113,
  message:
    "Computed script integrity hash doesn't match the one declared in the transaction body. The script integrity hash is computed from the redeemers, the datums and the cost models of the languages used by the transaction. The field 'data.providedScriptIntegrity' is the one declared in the body, and 'data.computedScriptIntegrity' the one the ledger computes.",
  data: { providedScriptIntegrity: provided, computedScriptIntegrity: computed },
});

export const unknownOutputReferences = (references: OutputReference[]): RpcError => ({
  code: 3117,
  message:
    "The transaction contains unknown UTxO references as inputs. This can happen if the inputs you're trying to spend have already been spent, or if you've simply referred to non-existing UTxO altogether. The field 'data.unknownOutputReferences' indicates all unknown inputs.",
  data: { unknownOutputReferences: references },
});

export const outsideOfValidityInterval = (
  validityInterval: { invalidBefore?: number; invalidAfter?: number },
  currentSlot: number,
): RpcError => ({
  code: 3118,
  message:
    "The transaction is outside of its validity interval. It was either submitted too early or too late. A transaction that has a lower validity bound can only be accepted by the ledger (and make it to the mempool) if the ledger's current slot is greater than the specified bound. The upper bound works similarly, as a time to live. The field 'data.currentSlot' contains the current slot as known of the ledger (this may be different from the current network slot if the ledger is still catching up). The field 'data.validityInterval' is a reminder of the validity interval provided with the transaction.",
  data: { validityInterval, currentSlot },
});

export const transactionTooLarge = (measured: number, maximum: number): RpcError => ({
  code: 3119,
  message:
    "The transaction exceeds the maximum size allowed by the protocol. Indeed, once serialized, transactions must be under a certain size. The field 'data.measuredTransactionSize' contains the size of the transaction and 'data.maximumTransactionSize' the maximum size allowed.",
  data: { measuredTransactionSize: { bytes: measured }, maximumTransactionSize: { bytes: maximum } },
});

export const valueTooLarge = (outputs: unknown[]): RpcError => ({
  code: 3120,
  message:
    "Some outputs have a value that is too large. The value of an output is limited in serialised size by the protocol parameter 'maxValueSize'. The field 'data.excessivelyLargeOutputs' contains the list of outputs that are too large.",
  data: { excessivelyLargeOutputs: outputs },
});

export const emptyInputSet = (): RpcError => ({
  code: 3121,
  message:
    'Transactions must have at least one input, to prevent replay attacks: every transaction has a unique identifier which derives from its inputs.',
});

export const transactionFeeTooSmall = (minimum: bigint, provided: bigint): RpcError => ({
  code: 3122,
  message:
    "Insufficient fee! The transaction doesn't not contain enough fee to cover for the minimum required by the protocol. The field 'data.minimumRequiredFee' indicates the minimum required fee whereas 'data.providedFee' refers to the actual fee set by the transaction.",
  data: { minimumRequiredFee: lovelace(minimum), providedFee: lovelace(provided) },
});

export const valueNotConserved = (consumed: ValueJson, produced: ValueJson): RpcError => ({
  code: 3123,
  message:
    "In and out value not conserved. The transaction must *exactly* balance: every input must be accounted for. There are various things counting as 'in balance': (a) the total value contained in inputs, (b) withdrawals, (c) the return of deposits when unregistering credentials. On the other hand, 'out balance' includes (a) outputs, (b) the fees, (c) deposits made when registering credentials. The fields 'data.valueConsumed' and 'data.valueProduced' contain the total value consumed and produced, respectively.",
  data: { valueConsumed: consumed, valueProduced: produced },
});

export const networkMismatch = (
  expectedNetwork: 'mainnet' | 'testnet',
  discriminatedType: 'address' | 'transaction',
  invalidEntities: unknown[],
): RpcError => ({
  code: 3124,
  message:
    "Transaction contains entities (addresses or the transaction itself) that target a different network than the one expected. The field 'data.expectedNetwork' indicates the network the ledger expects and 'data.invalidEntities' the entities (of type 'data.discriminatedType') that do not match it.",
  data: { expectedNetwork, discriminatedType, invalidEntities },
});

export const insufficientlyFundedOutputs = (
  outputs: { output: unknown; minimumRequiredValue: bigint }[],
): RpcError => ({
  code: 3125,
  message:
    "Some outputs have an insufficient amount of Ada attached to them. In fact, any new output created in a system must pay for the ledger storage it takes up. The field 'data.insufficientlyFundedOutputs' contains a list of all transaction outputs that are insufficiently funded, along with the minimum required value.",
  data: {
    insufficientlyFundedOutputs: outputs.map(({ output, minimumRequiredValue }) => ({
      output,
      minimumRequiredValue: lovelace(minimumRequiredValue),
    })),
  },
});

export const insufficientCollateral = (provided: bigint, minimum: bigint): RpcError => ({
  code: 3128,
  message:
    "It appears that the total value of collateral provided by the transaction is too small: the collateral must cover a fraction of the fee (the protocol parameter 'collateralPercentage'). The field 'data.providedCollateral' contains the collateral provided and 'data.minimumRequiredCollateral' the minimum required.",
  data: { providedCollateral: lovelace(provided), minimumRequiredCollateral: lovelace(minimum) },
});

export const collateralLockedByScript = (references: OutputReference[]): RpcError => ({
  code: 3129,
  message:
    "Some collateral inputs are locked by scripts, not by verification keys. Collateral inputs must be spendable by a signature. The field 'data.unsuitableCollateralInputs' lists the offending inputs.",
  data: { unsuitableCollateralInputs: references },
});

export const tooManyCollateralInputs = (maximum: number, counted: number): RpcError => ({
  code: 3131,
  message:
    "The transaction contains too many collateral inputs. The maximum number of collateral inputs is constrained by a protocol parameter 'maxCollateralInputs'. The field 'data.countedCollateralInputs' contains the number of collateral inputs provided.",
  data: { maximumCollateralInputs: maximum, countedCollateralInputs: counted },
});

export const missingCollateralInputs = (): RpcError => ({
  code: 3132,
  message:
    'The transaction does not provide any collateral inputs but it runs Plutus scripts: collateral is needed to pay for the scripts should they fail.',
});

export const nonAdaCollateral = (value: ValueJson): RpcError => ({
  code: 3133,
  message:
    "One of the input provided as collateral carries something else than Ada tokens. Only Ada can be used as collateral. Since the Babbage era, you also have the option to set a 'collateral return' or 'collateral change' output in order to send the surplus non-Ada tokens to it. Regardless, the field 'data.unsuitableCollateralValue' indicates the actual collateral value found by the ledger",
  data: { unsuitableCollateralValue: value },
});

export const executionUnitsTooLarge = (
  provided: { memory: bigint; cpu: bigint },
  maximum: { memory: bigint; cpu: bigint },
): RpcError => ({
  code: 3134,
  message:
    "The transaction declares more execution units than the protocol allows per transaction (parameter 'maxExecutionUnitsPerTransaction'). The field 'data.providedExecutionUnits' is the sum declared by the redeemers, 'data.maximumExecutionUnits' the limit.",
  data: { providedExecutionUnits: provided, maximumExecutionUnits: maximum },
});

export const totalCollateralMismatch = (declared: bigint, computed: bigint): RpcError => ({
  code: 3135,
  message:
    "The transaction declares a total collateral ('totalCollateral') that differs from the collateral it actually provides (collateral inputs minus the collateral return). The field 'data.declaredTotalCollateral' is the declared amount and 'data.computedTotalCollateral' the computed one.",
  data: { declaredTotalCollateral: lovelace(declared), computedTotalCollateral: lovelace(computed) },
});

/**
 * The ledger's ValidationTagMismatch: the transaction's `isValid` flag disagrees with what its scripts
 * do (it declares valid scripts that fail, or failing scripts that succeed).
 */
export const spendsMismatch = (
  declaredSpending: 'inputs' | 'collaterals',
  mismatchReason: string,
): RpcError => ({
  code: 3136,
  message:
    "The transaction's 'spends' field (or 'isValid' flag, in the serialised transaction) does not match what the ledger computes: scripts declared valid failed, or scripts declared failing succeeded. The field 'data.declaredSpending' is what the transaction declared and 'data.mismatchReason' explains the difference.",
  data: { declaredSpending, mismatchReason },
});

export const incompleteWithdrawals = (withdrawals: Record<string, bigint>): RpcError => ({
  code: 3141,
  message:
    "A withdrawal in the transaction does not withdraw the whole balance of its reward account (or the account is not registered). Partial withdrawals are not allowed. The field 'data.incompleteWithdrawals' contains the expected withdrawal amounts per reward account.",
  data: {
    incompleteWithdrawals: Object.fromEntries(Object.entries(withdrawals).map(([k, v]) => [k, lovelace(v)])),
  },
});

type CredentialOrigin = 'verificationKey' | 'script';

export const unknownStakePool = (id: string): RpcError => ({
  code: 3140,
  message:
    "The transaction references an unknown stake pool as a target for delegation or update. Double-check the pool id mentioned in 'data.unknownStakePool'. Note also that order in which transactions are submitted matters; if you're trying to register a pool and delegate to it in one go, make sure to submit transactions in the right order.",
  data: { unknownStakePool: id },
});

export const credentialAlreadyRegistered = (credential: string, from: CredentialOrigin): RpcError => ({
  code: 3145,
  message:
    "Trying to re-register some already known credentials. Stake credentials can only be registered once. This is true for both keys and scripts. The field 'data.knownCredential' points to an already known credential that's being re-registered by this transaction.",
  data: { knownCredential: credential, from },
});

export const unknownCredential = (credential: string, from: CredentialOrigin): RpcError => ({
  code: 3146,
  message:
    "The transaction references an unknown stake credential. For example, to delegate to a stake pool, you must first register the stake key or script used for delegation. This may be done in the same transaction or in an earlier transaction but cannot happen retro-actively. The field 'data.unknownCredential' indicates what credential is used without being registered.",
  data: { unknownCredential: credential, from },
});

export const nonEmptyRewardAccount = (balance: bigint): RpcError => ({
  code: 3147,
  message:
    "Trying to unregister stake credentials associated to a non empty reward account. You must empty the reward account first (or do it as part of the same transaction) to proceed. The field 'data.nonEmptyRewardAccountBalance' indicates how much Lovelace is left in the account.",
  data: { nonEmptyRewardAccountBalance: lovelace(balance) },
});

export const credentialDepositMismatch = (provided: bigint, expected: bigint): RpcError => ({
  code: 3151,
  message:
    "The deposit specified in a stake credential registration (for delegation or governance) does not match the current value set by protocol parameters. The field 'data.expectedDeposit', when present, indicates the deposit amount as currently expected by ledger.",
  data: { providedDeposit: lovelace(provided), expectedDeposit: lovelace(expected) },
});

export const delegateRepresentativeAlreadyRegistered = (drep: object): RpcError => ({
  code: 3152,
  message:
    "Trying to re-register some already known delegate representative. Delegate representatives can only be registered once. The field 'data.knownDelegateRepresentatives' points to an already known credential that's being re-registered by this transaction.",
  data: { knownDelegateRepresentative: drep },
});

export const delegateRepresentativeNotRegistered = (drep: object): RpcError => ({
  code: 3153,
  message:
    "The transaction references an unknown delegate representative. To delegate to a representative, it must first register as such. This may be done in the same transaction or in an earlier transaction but cannot happen retro-actively. The field 'data.unknownDelegateRepresentative' indicates what credential is used without being registered.",
  data: { unknownDelegateRepresentative: drep },
});

/** A proposal as Ogmios names it: its transaction and its index among the transaction's proposals. */
export interface ProposalReference {
  transaction: { id: string };
  index: number;
}

/** A vote's issuer as Ogmios writes it (`GovernanceVoter`). */
export type Voter =
  | { role: 'constitutionalCommittee' | 'delegateRepresentative'; id: string; from: CredentialOrigin }
  | { role: 'stakePoolOperator'; id: string };

export const unauthorizedVotes = (votes: { proposal: ProposalReference; voter: Voter }[]): RpcError => ({
  code: 3137,
  message:
    "The transaction contains votes from unauthorized voters. The field 'data.unauthorizedVotes' indicates the faulty voters and the proposal they attempted to incorrectly vote for.",
  data: { unauthorizedVotes: votes },
});

export const unknownGovernanceProposals = (proposals: ProposalReference[]): RpcError => ({
  code: 3138,
  message:
    "Reference(s) to unknown governance proposals found in transaction. This may be because you've indicated a wrong identifier or because the proposal hasn't yet been submitted on-chain. Note that the order in which transactions are submitted matters. The field 'data.unknownProposals' tells you about the unknown references.",
  data: { unknownProposals: proposals },
});

export const unknownCommitteeMember = (member: { id: string; from: CredentialOrigin }): RpcError => ({
  code: 3154,
  message:
    "The transaction references an unknown constitutional committee member. This can be either because that member does not actually exist or because it was registered but has resigned. The field 'data.unknownConstitutionalCommitteeMember' indicates what credential is unknown.",
  data: { unknownConstitutionalCommitteeMember: { id: member.id, from: member.from } },
});

export const proposalDepositMismatch = (provided: bigint, expected: bigint): RpcError => ({
  code: 3155,
  message:
    "There's a mismatch between the proposal deposit amount declared in the transaction and the one expected by the ledger. The deposit is actually configured by a protocol parameter. The field 'data.expectedDeposit' indicates the current configuration and amount expected by the ledger. The field 'data.providedDeposit' is a reminder of the what was set in the submitted transaction.",
  data: { expectedDeposit: lovelace(expected), providedDeposit: lovelace(provided) },
});

export const invalidPreviousProposals = (
  proposals: {
    metadata: { url: string; hash: string };
    type: string;
    invalidPreviousProposal?: ProposalReference;
  }[],
): RpcError => ({
  code: 3159,
  message:
    "The transaction contains invalid or missing reference to previous (ratified) governance proposals. Indeed, some governance proposals such as protocol parameters update or consitutional committee change must point to last action of the same purpose that was ratified. The field 'data.invalidOrMissingPreviousProposals' contains a list of submitted actions that are missing details. For each item, we provide the anchor of the corresponding proposal, the type of previous proposal that is expected and the invalid proposal reference if relevant.",
  data: { invalidOrMissingPreviousProposals: proposals },
});

export const votingOnExpiredActions = (votes: { proposal: ProposalReference; voter: Voter }[]): RpcError => ({
  code: 3160,
  message:
    "The transaction contains votes for an expired proposal. The field 'data.invalidVotes' indicates the faulty voters and the proposal they attempted to vote for.",
  data: { invalidVotes: votes },
});

export const guardrailsHashMismatch = (provided: string | null, expected: string | null): RpcError => ({
  code: 3163,
  message:
    "The provided constitution guardrails hash doesn't match the expected on defined in the constitution. Some governance actions such as treasury withdrawals or protocol parameters updates must correctly refer to the constitution guardrails hash digest. The latter can be 'null'. The field 'data.providedHash' indicates the hash provided in the proposal, and the field 'data.expectedHash' the one specified in the constitution",
  data: { providedHash: provided, expectedHash: expected },
});

export const unknownVoters = (voters: Voter[]): RpcError => ({
  code: 3167,
  message:
    "Some voters in the transaction are unknown. Voters must correspond to registered credentials present in the ledger. They can possibly be registered in the same block, but it must imperatively happens before they are used for voting. The field 'data.unknownVoters' indicates the credentials that couldn't be mapped to any known voter.",
  data: { unknownVoters: voters },
});

export const emptyTreasuryWithdrawal = (): RpcError => ({
  code: 3168,
  message: 'Some proposals contain empty treasury withdrawals, which is pointless and a waste of resources.',
});

/**
 * Not one of Ogmios' failures: a real node makes the submitter wait while its mempool is full. The
 * devnet answers at once instead, with the words the API turns into Blockfrost's 425 Mempool Full.
 */
export const mempoolFull = (capacityBytes: number): RpcError => ({
  code: -32603,
  message: `Internal error: the mempool is full (${capacityBytes} bytes, twice the maximum block body size); try again after the next block`,
});
