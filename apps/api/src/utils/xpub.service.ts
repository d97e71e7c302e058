import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { Inject, Injectable } from '@nestjs/common';
import { networkIdOf, parseXpubPathParams, type UtilsAddressesXpub } from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { API_CONFIG } from '../common/tokens.js';

/** CIP-1852's staking role: its keys give reward addresses, the other roles' keys payment addresses. */
const STAKING_ROLE = 2;

@Injectable()
export class XpubService {
  private readonly networkId: number;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.networkId = networkIdOf(config.network);
  }

  /**
   * The address at `m/1852'/1815'/account'/role/index` below an account public key, as Blockfrost
   * derives it: for roles other than staking, a base address of the key at role/index staked to the
   * account's first staking key (2/0); for the staking role, the reward address of the key 2/index.
   */
  derive(params: { xpub: string; role: string; index: string }): UtilsAddressesXpub {
    const { xpub, role, index } = parseXpubPathParams(params);
    const account = CSL.Bip32PublicKey.from_hex(xpub);
    const credential = (key: CSL.Bip32PublicKey) => CSL.Credential.from_keyhash(key.to_raw_key().hash());
    const derived = credential(account.derive(role).derive(index));
    const address =
      role === STAKING_ROLE
        ? CSL.RewardAddress.new(this.networkId, derived).to_address()
        : CSL.BaseAddress.new(
            this.networkId,
            derived,
            credential(account.derive(STAKING_ROLE).derive(0)),
          ).to_address();
    return { xpub, role, index, address: address.to_bech32() };
  }
}
