import type { Anchor } from '@frostline/model';
import type { BatchState, TxInBlock } from './batch-state.js';

/**
 * The transaction's DRep certificates (registrations, updates, retirements, with their anchors) and
 * constitutional committee certificates (hot-key authorisations, resignations).
 */
export function projectGovernanceCertificates(state: BatchState, { tx, txId }: TxInBlock): void {
  const { rows, ids } = state;
  for (const cert of tx.certificates) {
    const certIndex = cert.index;
    switch (cert.kind) {
      case 'drepRegistration':
      case 'drepRetirement':
      case 'drepUpdate':
        rows.drepRegistrations.push({
          id: ids.take('drep_registration'),
          txId,
          certIndex,
          drepKind: cert.drep.type,
          drepHash: cert.drep.hash,
          // db-sync convention: deposit > 0 registration, < 0 retirement, null update
          deposit:
            cert.kind === 'drepRegistration'
              ? cert.deposit
              : cert.kind === 'drepRetirement'
                ? -cert.deposit
                : null,
          ...anchorColumns(cert.kind === 'drepRetirement' ? null : cert.anchor),
        });
        break;
      case 'committeeHotKeyAuthorisation':
        rows.committeeRegistrations.push({
          id: ids.take('committee_registration'),
          txId,
          certIndex,
          coldKind: cert.cold.type,
          coldHash: cert.cold.hash,
          hotKind: cert.hot.type,
          hotHash: cert.hot.hash,
        });
        break;
      case 'committeeResignation':
        rows.committeeDeRegistrations.push({
          id: ids.take('committee_de_registration'),
          txId,
          certIndex,
          coldKind: cert.cold.type,
          coldHash: cert.cold.hash,
          ...anchorColumns(cert.anchor),
        });
        break;
    }
  }
}

function anchorColumns(anchor: Anchor | null) {
  return { anchorUrl: anchor?.url ?? null, anchorHash: anchor?.hash ?? null };
}
