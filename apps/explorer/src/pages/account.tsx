import { get, type Schemas } from '../api';
import { ada, time } from '../format';
import { useLoad } from '../load';
import {
  DrepId,
  Fields,
  Id,
  Page,
  PagedList,
  PagedTable,
  PoolId,
  Section,
  Show,
  TxTable,
  UtxoList,
} from '../ui';

type Rows<Name extends keyof Schemas> = Schemas[Name] extends (infer Row)[] ? Row : never;

export function Account({ stakeAddress }: { stakeAddress: string }) {
  const loaded = useLoad(() => get<Schemas['account_content']>(`/accounts/${stakeAddress}`), stakeAddress);
  const path = `/accounts/${stakeAddress}`;
  return (
    <Page title="Stake account" sub={stakeAddress}>
      <Show loaded={loaded} what={`stake account ${stakeAddress}`}>
        {(account) => (
          <Section title="Account">
            <Fields
              rows={[
                ['Registered', account.registered ? 'yes' : 'no'],
                ['Delegating', account.active ? `yes, since epoch ${account.active_epoch}` : 'no'],
                ['Pool', <PoolId id={account.pool_id} />],
                ['DRep', <DrepId id={account.drep_id} />],
                ['Controlled amount', ada(account.controlled_amount)],
                ['Withdrawable rewards', ada(account.withdrawable_amount)],
                ['Rewards', ada(account.rewards_sum)],
                ['Withdrawals', ada(account.withdrawals_sum)],
                ['From the reserves', ada(account.reserves_sum)],
                ['From the treasury', ada(account.treasury_sum)],
              ]}
            />
          </Section>
        )}
      </Show>
      {loaded.state === 'done' && (
        <>
          <PagedList<Rows<'account_addresses_content'>>
            title="Addresses"
            path={`${path}/addresses`}
            empty="No address on chain carries this stake key."
          >
            {(rows) => (
              <ul class="txs">
                {rows.map((row) => (
                  <li key={row.address}>
                    <Id kind="address" id={row.address} full />
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
          <PagedList<Rows<'account_utxo_content'>>
            title="Unspent outputs"
            path={`${path}/utxos`}
            empty="The account's addresses hold no unspent outputs."
          >
            {(rows) => <UtxoList rows={rows} withAddress />}
          </PagedList>
          <PagedList<Rows<'account_transactions_content'>>
            title="Transactions"
            path={`${path}/transactions`}
            order="desc"
            empty="No transaction touched the account's addresses."
          >
            {(rows) => <TxTable rows={rows} />}
          </PagedList>
          <PagedTable<Rows<'account_delegation_content'>>
            title="Delegations"
            path={`${path}/delegations`}
            order="desc"
            empty="This account never delegated."
            columns={[['Pool'], ['Active from epoch', 'num'], ['Amount', 'num'], ['Transaction'], ['Time']]}
            row={(row) => [
              row.tx_hash,
              [
                <PoolId id={row.pool_id} />,
                row.active_epoch,
                ada(row.amount),
                <Id kind="tx" id={row.tx_hash} />,
                time(row.block_time),
              ],
            ]}
          />
          <PagedTable<Rows<'account_registration_content'>>
            title="Registrations"
            path={`${path}/registrations`}
            order="desc"
            empty="This account was never registered."
            columns={[['Action'], ['Deposit', 'num'], ['Transaction'], ['Time']]}
            row={(row) => [
              row.tx_hash,
              [
                row.action,
                row.deposit === null ? '—' : ada(row.deposit),
                <Id kind="tx" id={row.tx_hash} />,
                time(row.block_time),
              ],
            ]}
          />
          <PagedTable<Rows<'account_reward_content'>>
            title="Rewards"
            path={`${path}/rewards`}
            order="desc"
            empty="This account has earned no rewards."
            columns={[['Epoch', 'num'], ['Amount', 'num'], ['Kind'], ['Pool']]}
            row={(row) => [
              `${row.epoch} ${row.type} ${row.pool_id}`,
              [row.epoch, ada(row.amount), row.type, <PoolId id={row.pool_id} />],
            ]}
          />
          <PagedTable<Rows<'account_withdrawal_content'>>
            title="Withdrawals"
            path={`${path}/withdrawals`}
            order="desc"
            empty="Nothing was withdrawn from this account."
            columns={[['Amount', 'num'], ['Transaction'], ['Time']]}
            row={(row) => [
              row.tx_hash,
              [ada(row.amount), <Id kind="tx" id={row.tx_hash} />, time(row.block_time)],
            ]}
          />
        </>
      )}
    </Page>
  );
}
