import { base64 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import type { BitcoinAccount } from '../../../bitcoin/accounts.js'
import type { BitcoinConnector } from '../../../bitcoin/connectors/connector.js'
import { injectedConnector } from '../../../bitcoin/connectors/injected.js'
import { leatherConnector } from '../../../bitcoin/connectors/leather.js'
import { satsConnectConnector } from '../../../bitcoin/connectors/satsConnect.js'
import { bitcoinChains } from '../../../bitcoin/index.js'

const account: BitcoinAccount = {
  address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  purpose: 'payment',
  addressType: 'p2wpkh',
}

/** Each family's wallet answering a message signature with `signature`, as its protocol carries one. */
const families: [string, (signature: string) => BitcoinConnector][] = [
  [
    'Unisat',
    (signature) =>
      injectedConnector(
        {
          getAccounts: async () => [],
          getPublicKey: async () => '',
          signMessage: async () => signature,
          signPsbt: async () => '',
        },
        'unisat',
      ),
  ],
  ['Leather', (signature) => leatherConnector({ request: async () => ({ result: { signature } }) })],
  [
    'sats-connect',
    (signature) =>
      satsConnectConnector({
        listing: { id: 'TestProvider', name: 'Test' },
        provider: {
          request: async (method) => ({ result: method === 'getInfo' ? {} : { signature } }),
        },
      }),
  ],
]

const signWith = (connector: BitcoinConnector) =>
  connector.signMessage({ account, message: 'hello', protocol: 'bip322', chain: bitcoinChains.regtest })

describe.each(families)('%s message signatures', (_, wallet) => {
  it('takes a BIP-322 witness stack, of a taproot key (66 bytes) or a p2wpkh one (107 bytes)', async () => {
    for (const length of [66, 107]) {
      const signature = base64.encode(new Uint8Array(length).fill(1))
      await expect(signWith(wallet(signature))).resolves.toMatchObject({ signature })
    }
  })

  it('refuses, as the wallet answer, a signature that is empty or too short to be one', async () => {
    for (const signature of ['', base64.encode(new Uint8Array(32).fill(1))])
      await expect(signWith(wallet(signature))).rejects.toMatchObject({ code: 'WALLET_ANSWER' })
  })
})
