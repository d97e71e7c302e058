import { get, type Schemas } from '../api';
import { ada } from '../format';
import { useLoad } from '../load';
import { href } from '../route';
import {
  EpochLink,
  Fields,
  Id,
  Json,
  Optional,
  Page,
  PagedTable,
  Section,
  SectionOrUnavailable,
  Show,
} from '../ui';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** An epoch's link, or nothing (a field shows its dash) where the epoch is null. */
const epochOrNone = (epoch: number | null) => (epoch === null ? null : <EpochLink epoch={epoch} />);

/** A governance action's type as Blockfrost names it, in words. */
export const actionType = (type: Schemas['proposal']['governance_type']) => type.replaceAll('_', ' ');

/** A proposal's page id: the transaction that made it and the proposal's index in it. */
export const proposalId = (txHash: string, certIndex: number) => `${txHash}/${certIndex}`;

export function ProposalLink({ txHash, certIndex }: { txHash: string; certIndex: number }) {
  return <Id kind="proposal" id={proposalId(txHash, certIndex)} />;
}

/** A DRep: its voting power and state, who delegates to it, its certificates and its votes. */
export function Drep({ id }: { id: string }) {
  const loaded = useLoad(() => get<Schemas['drep']>(`/governance/dreps/${id}`), id);
  return (
    <Page title="DRep" sub={id}>
      <Show loaded={loaded} what={`DRep ${id}`}>
        {(drep) => (
          <>
            <Section title="Voting power and state">
              <Fields
                rows={[
                  ['DRep id (hex)', drep.hex],
                  ['Voting power', ada(drep.amount)],
                  ['Active', yesNo(drep.active)],
                  ['Active since epoch', epochOrNone(drep.active_epoch)],
                  ['Last active epoch', epochOrNone(drep.last_active_epoch)],
                  ['Script credential', yesNo(drep.has_script)],
                  ['Retired', yesNo(drep.retired)],
                  ['Expired', yesNo(drep.expired)],
                ]}
              />
            </Section>
            <Optional<Schemas['drep_metadata']> path={`/governance/dreps/${id}/metadata`}>
              {(metadata) => (
                <Section title="Metadata">
                  <Fields
                    rows={[
                      ['URL', metadata.url],
                      ['Hash', metadata.hash],
                      ['Fetch error', metadata.error?.message],
                    ]}
                  />
                  {metadata.json_metadata !== null && (
                    <Json value={metadata.json_metadata} label="DRep metadata" />
                  )}
                </Section>
              )}
            </Optional>
            <PagedTable<Schemas['drep_delegators'][number]>
              title="Delegators"
              path={`/governance/dreps/${id}/delegators`}
              empty="No stake account delegates its vote to this DRep."
              columns={[['Stake account'], ['Stake', 'num']]}
              row={(row) => [row.address, [<Id kind="account" id={row.address} full />, ada(row.amount)]]}
            />
            <PagedTable<Schemas['drep_updates'][number]>
              title="Certificates"
              path={`/governance/dreps/${id}/updates`}
              order="desc"
              empty="No certificate of this DRep is on chain."
              columns={[['Transaction'], ['Certificate', 'num'], ['Action'], ['Deposit', 'num']]}
              row={(row) => [
                `${row.tx_hash}#${row.cert_index}`,
                [
                  <Id kind="tx" id={row.tx_hash} />,
                  row.cert_index,
                  row.action,
                  row.deposit === null ? '—' : ada(row.deposit),
                ],
              ]}
            />
            <PagedTable<Schemas['drep_votes'][number]>
              title="Votes"
              path={`/governance/dreps/${id}/votes`}
              order="desc"
              empty="This DRep has not voted."
              columns={[['Proposal'], ['Vote'], ['Cast in']]}
              row={(row) => [
                `${row.tx_hash}#${row.cert_index}`,
                [
                  <ProposalLink txHash={row.proposal_tx_hash} certIndex={row.proposal_cert_index} />,
                  row.vote,
                  <Id kind="tx" id={row.tx_hash} />,
                ],
              ]}
            />
          </>
        )}
      </Show>
    </Page>
  );
}

/** Blockfrost's parameters as a proposal names them: only those it changes (the rest are null). */
function changedParameters(parameters: Schemas['proposal_parameters']['parameters']) {
  return Object.fromEntries(Object.entries(parameters).filter(([, value]) => value !== null));
}

/**
 * A governance action: its type, deposit and return account, the epochs of its outcome, what it
 * withdraws from the treasury or changes in the parameters, and its votes.
 */
export function Proposal({ id }: { id: string }) {
  const path = `/governance/proposals/${id}`;
  const loaded = useLoad(() => get<Schemas['proposal']>(path), id);
  return (
    <Page title="Proposal" sub={id}>
      <Show loaded={loaded} what={`proposal ${id}`}>
        {(proposal) => (
          <>
            <Section title="Governance action">
              <Fields
                rows={[
                  ['Id', proposal.id],
                  ['Type', actionType(proposal.governance_type)],
                  ['Transaction', <Id kind="tx" id={proposal.tx_hash} full />],
                  ['Index in transaction', proposal.cert_index],
                  ['Deposit', ada(proposal.deposit)],
                  ['Deposit returns to', <Id kind="account" id={proposal.return_address} full />],
                  ['Expires after epoch', epochOrNone(proposal.expiration)],
                  ['Ratified in epoch', epochOrNone(proposal.ratified_epoch)],
                  ['Enacted in epoch', epochOrNone(proposal.enacted_epoch)],
                  ['Dropped in epoch', epochOrNone(proposal.dropped_epoch)],
                  ['Expired in epoch', epochOrNone(proposal.expired_epoch)],
                ]}
              />
              {proposal.governance_description !== null && (
                <Json value={proposal.governance_description} label="Governance action as on chain" />
              )}
            </Section>
            {proposal.governance_type === 'treasury_withdrawals' && (
              <SectionOrUnavailable<Schemas['proposal_withdrawals']>
                title="Treasury withdrawals"
                path={`${path}/withdrawals`}
              >
                {(rows) => <Fields rows={rows.map((row) => [row.stake_address, ada(row.amount)])} />}
              </SectionOrUnavailable>
            )}
            {proposal.governance_type === 'parameter_change' && (
              <SectionOrUnavailable<Schemas['proposal_parameters']>
                title="Parameter changes"
                path={`${path}/parameters`}
              >
                {(changes) => (
                  <Json
                    value={changedParameters(changes.parameters)}
                    label="Parameters the proposal changes"
                  />
                )}
              </SectionOrUnavailable>
            )}
            <PagedTable<Schemas['proposal_votes'][number]>
              title="Votes"
              path={`${path}/votes`}
              empty="No vote on this proposal is on chain."
              columns={[['Voter'], ['Role'], ['Vote'], ['Cast in']]}
              row={(row) => [
                `${row.tx_hash}#${row.cert_index}`,
                [
                  row.voter_role === 'drep' ? (
                    <Id kind="drep" id={row.voter} />
                  ) : row.voter_role === 'spo' ? (
                    <Id kind="pool" id={row.voter} />
                  ) : (
                    row.voter
                  ),
                  row.voter_role.replaceAll('_', ' '),
                  row.vote,
                  <Id kind="tx" id={row.tx_hash} />,
                ],
              ]}
            />
          </>
        )}
      </Show>
    </Page>
  );
}

/** The DReps and the proposals, page by page, and a link to the constitutional committee. */
export function Governance() {
  return (
    <Page title="Governance">
      <Section title="Constitutional committee">
        <p>
          <a href={href('committee')}>The committee</a>: its members, their terms and hot keys, and their
          votes.
        </p>
      </Section>
      <PagedTable<Schemas['dreps'][number]>
        title="DReps"
        path="/governance/dreps"
        empty="No DRep is registered."
        columns={[['DRep'], ['Voting power', 'num'], ['State']]}
        row={(row) => [
          row.drep_id,
          [
            <Id kind="drep" id={row.drep_id} full />,
            ada(row.amount),
            row.retired ? 'retired' : row.expired ? 'expired' : 'registered',
          ],
        ]}
      />
      <PagedTable<Schemas['proposals'][number]>
        title="Proposals"
        path="/governance/proposals"
        order="desc"
        empty="No governance action has been proposed."
        columns={[['Proposal'], ['Type']]}
        row={(row) => [
          row.id,
          [<ProposalLink txHash={row.tx_hash} certIndex={row.cert_index} />, actionType(row.governance_type)],
        ]}
      />
    </Page>
  );
}
