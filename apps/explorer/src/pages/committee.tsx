import { get, type Schemas } from '../api';
import { useLoad } from '../load';
import { EpochLink, Fields, Id, Optional, Page, PagedTable, Section, Show, Table } from '../ui';
import { actionType, ProposalLink } from './governance';

type Member = Schemas['committee']['members'][number];
type Vote = Schemas['committee_votes'][number];

/** A member's status as Blockfrost names it, in words. */
const status = (member: Member) => member.status.replaceAll('_', ' ');

/** Committee votes, newest first: the member's hot id links its page, the proposal its own. */
function VotesTable({ path, empty }: { path: string; empty: string }) {
  return (
    <PagedTable<Vote>
      title="Votes"
      path={path}
      order="desc"
      empty={empty}
      columns={[['Member (hot key)'], ['Proposal'], ['Type'], ['Vote'], ['Cast in']]}
      row={(row) => [
        `${row.tx_hash}/${row.voter_hot_id}/${row.proposal_id}`,
        [
          <Id kind="committee" id={row.voter_hot_id} />,
          <ProposalLink txHash={row.proposal_tx_hash} certIndex={row.proposal_index} />,
          actionType(row.governance_type),
          row.vote,
          <Id kind="tx" id={row.tx_hash} />,
        ],
      ]}
    />
  );
}

/** The constitutional committee: its quorum, each member with its term and hot key, and every member's votes. */
function WholeCommittee() {
  const loaded = useLoad(() => get<Schemas['committee']>('/governance/committee'), '');
  return (
    <Page title="Constitutional committee">
      <Show loaded={loaded} what="a committee (the indexer has no ledger snapshot with one yet)">
        {(committee) => (
          <>
            <Section title="Committee">
              <Fields
                rows={[
                  ['Quorum', `${committee.quorum.numerator} of ${committee.quorum.denominator}`],
                  ['Dissolved', committee.is_dissolved ? 'yes' : 'no'],
                  [
                    'Elected by',
                    committee.proposal_tx_hash === null || committee.proposal_index === null ? null : (
                      <ProposalLink
                        txHash={committee.proposal_tx_hash}
                        certIndex={committee.proposal_index}
                      />
                    ),
                  ],
                ]}
              />
            </Section>
            <Section title="Members">
              {committee.members.length === 0 ? (
                <p>The committee has no member.</p>
              ) : (
                <Table
                  columns={[['Member (cold key)'], ['Hot key'], ['Status'], ['Term ends in epoch', 'num']]}
                  rows={committee.members.map((member) => [
                    member.cc_cold_id,
                    [
                      <Id kind="committee" id={member.cc_cold_id} />,
                      member.cc_hot_id === null ? '—' : <Id kind="committee" id={member.cc_hot_id} />,
                      status(member),
                      <EpochLink epoch={member.expiration_epoch} />,
                    ],
                  ])}
                />
              )}
            </Section>
          </>
        )}
      </Show>
      <VotesTable path="/governance/committee/votes" empty="No committee member has voted." />
    </Page>
  );
}

/** One member by its cold or hot id: its term and hot key where the committee names it, and its votes. */
function CommitteeMember({ id }: { id: string }) {
  return (
    <Page title="Committee member" sub={id}>
      <Optional<Schemas['committee']> path="/governance/committee">
        {(committee) => {
          const member = committee.members.find((m) => m.cc_cold_id === id || m.cc_hot_id === id);
          return (
            <Section title="Term and hot key">
              {member === undefined ? (
                <p>The current committee has no member with this key.</p>
              ) : (
                <Fields
                  rows={[
                    ['Cold key', <Id kind="committee" id={member.cc_cold_id} full />],
                    ['Cold key (hex)', member.cc_cold_hex],
                    ['Hot key', member.cc_hot_id && <Id kind="committee" id={member.cc_hot_id} full />],
                    ['Hot key (hex)', member.cc_hot_hex],
                    ['Status', status(member)],
                    ['Term ends in epoch', <EpochLink epoch={member.expiration_epoch} />],
                  ]}
                />
              )}
            </Section>
          );
        }}
      </Optional>
      <VotesTable
        path={`/governance/committee/${id}/votes`}
        empty={
          id.startsWith('cc_cold1')
            ? 'No hot key this member authorised has voted.'
            : 'This hot key has not voted.'
        }
      />
    </Page>
  );
}

/** `#/committee/`: the whole committee; `#/committee/<cc_cold1… or cc_hot1…>`: one member. */
export function Committee({ id }: { id: string }) {
  return id === '' ? <WholeCommittee /> : <CommitteeMember id={id} />;
}
