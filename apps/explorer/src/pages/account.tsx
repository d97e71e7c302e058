import { get, type Schemas } from '../api';
import { ada } from '../format';
import { useLoad } from '../load';
import { Fields, Page, Section, Show } from '../ui';

export function Account({ stakeAddress }: { stakeAddress: string }) {
  const loaded = useLoad(() => get<Schemas['account_content']>(`/accounts/${stakeAddress}`), stakeAddress);
  return (
    <Page title="Stake account" sub={stakeAddress}>
      <Show loaded={loaded} what={`stake account ${stakeAddress}`}>
        {(account) => (
          <Section title="Account">
            <Fields
              rows={[
                ['Registered', account.registered ? 'yes' : 'no'],
                ['Delegating', account.active ? `yes, since epoch ${account.active_epoch}` : 'no'],
                ['Pool', account.pool_id],
                ['DRep', account.drep_id],
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
    </Page>
  );
}
