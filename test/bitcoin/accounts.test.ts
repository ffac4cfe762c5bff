import { describe, expect, it } from 'vitest'
import { injectedConnector } from '../../bitcoin/connectors/injected.js'
import { leatherConnector } from '../../bitcoin/connectors/leather.js'
import { satsConnectConnector } from '../../bitcoin/connectors/satsConnect.js'
import { addressTypeOf, type BitcoinConnector, bitcoinChains, orderAccounts } from '../../bitcoin/index.js'
import { bitcoinTestAccounts, connectedAccounts } from '../support/bitcoinWallet/index.js'

const [payment, ordinal] = bitcoinTestAccounts('accounts', 'regtest') as [
  ReturnType<typeof bitcoinTestAccounts>[number],
  ReturnType<typeof bitcoinTestAccounts>[number],
]
const regtest = bitcoinChains.regtest

describe('Bitcoin accounts', () => {
  it('ENT-12 a Bitcoin account has type (payment or ordinal), publicKey, path and address, as the wallet stated them', () => {
    const accounts = orderAccounts([
      { address: payment.address, publicKey: payment.publicKey, path: payment.path, purpose: 'payment' },
      { address: ordinal.address, publicKey: ordinal.publicKey, path: ordinal.path, purpose: 'ordinals' },
    ])
    expect(accounts).toEqual([
      {
        address: payment.address,
        publicKey: payment.publicKey,
        path: "m/84'/1'/0'/0/0",
        purpose: 'payment',
        addressType: 'p2wpkh',
      },
      {
        address: ordinal.address,
        publicKey: ordinal.publicKey,
        path: "m/86'/1'/0'/0/0",
        purpose: 'ordinal',
        addressType: 'p2tr',
      },
    ])
    expect(payment.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(ordinal.publicKey).toMatch(/^[0-9a-f]{64}$/)
  })

  it('CONST-28 a Bitcoin payment account is index 0 and an ordinal account index 1, whatever order the wallet gave them in', () => {
    const stated = orderAccounts([
      { address: ordinal.address, publicKey: ordinal.publicKey, purpose: 'ordinals' },
      { address: payment.address, publicKey: payment.publicKey, purpose: 'payment' },
    ])
    expect(stated.map((a) => [a.purpose, a.address])).toEqual([
      ['payment', payment.address],
      ['ordinal', ordinal.address],
    ])
    // No stated purpose: the script type decides (taproot holds ordinals), not the position.
    const byType = orderAccounts([
      { address: ordinal.address, publicKey: ordinal.publicKey },
      { address: payment.address, publicKey: payment.publicKey },
    ])
    expect(byType.map((a) => a.purpose)).toEqual(['payment', 'ordinal'])
    expect(byType[0]?.address).toBe(payment.address)
  })

  it('maps by the stated purpose first, then the script type, and by position only when neither tells', () => {
    // A wallet that states a p2tr address is its payment address keeps it so (AppKit would relabel by index).
    const stated = orderAccounts([
      { address: ordinal.address, publicKey: ordinal.publicKey, purpose: 'payment' },
    ])
    expect(stated).toMatchObject([{ purpose: 'payment', addressType: 'p2tr' }])
    // Stacks and other non-Bitcoin purposes are no Bitcoin accounts.
    expect(
      orderAccounts([
        {
          address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
          publicKey: payment.publicKey,
          purpose: 'stacks',
        },
        { address: payment.address, publicKey: payment.publicKey, purpose: 'payment' },
      ]).map((a) => a.address),
    ).toEqual([payment.address])
    // Addresses no network reads: the first pays, the second holds ordinals.
    const unknown = orderAccounts([
      { address: 'not-an-address-1', publicKey: payment.publicKey },
      { address: 'not-an-address-2', publicKey: ordinal.publicKey },
    ])
    expect(unknown.map((a) => [a.address, a.purpose, a.addressType])).toEqual([
      ['not-an-address-1', 'payment', 'unknown'],
      ['not-an-address-2', 'ordinal', 'unknown'],
    ])
    expect(addressTypeOf('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('p2wpkh')
    expect(addressTypeOf('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('p2sh')
  })

  it('sats-connect: getAccounts over the JSON-RPC envelope, purposes and the WBIP path kept, the getInfo asked first', async () => {
    const requests: string[] = []
    const provider = {
      async request(method: string) {
        requests.push(method)
        if (method === 'getInfo')
          return { jsonrpc: '2.0', id: '1', result: { version: '1.4.0', methods: ['getAccounts'] } }
        return {
          jsonrpc: '2.0',
          id: '2',
          result: [
            {
              address: ordinal.address,
              publicKey: ordinal.publicKey,
              purpose: 'ordinals',
              addressType: 'p2tr',
            },
            { address: 'SP000', publicKey: payment.publicKey, purpose: 'stacks', addressType: 'stacks' },
            {
              address: payment.address,
              publicKey: payment.publicKey,
              purpose: 'payment',
              addressType: 'p2wpkh',
              path: payment.path,
            },
          ],
        }
      },
    }
    const connector = satsConnectConnector({ listing: { id: 'Test.Provider', name: 'Test' }, provider })
    const accounts = await connector.connect(regtest, false)
    expect(requests).toEqual(['getInfo', 'getAccounts'])
    expect(accounts.map((a) => [a.purpose, a.address, a.path])).toEqual([
      ['payment', payment.address, payment.path],
      ['ordinal', ordinal.address, undefined],
    ])
    // A wallet whose getInfo lists no wallet_getAccount has no silent connect: nothing is asked.
    expect(await connector.connect(regtest, true)).toEqual([])
    expect(requests).toHaveLength(2)
  })

  it('sats-connect: a refusal is an error with its code, not an account list', async () => {
    const provider = {
      request: async (method: string) =>
        method === 'getInfo'
          ? { jsonrpc: '2.0', id: '1', result: {} }
          : { jsonrpc: '2.0', id: '2', error: { code: -32000, message: 'User rejected' } },
    }
    const connector = satsConnectConnector({ listing: { id: 'T', name: 'T' }, provider })
    await expect(connector.connect(regtest, false)).rejects.toMatchObject({ rpcCode: -32000 })
    // An answer of the wrong shape is refused by its schema.
    const liar = { request: async () => ({ jsonrpc: '2.0', id: '1', result: { addresses: 'all of them' } }) }
    await expect(
      satsConnectConnector({ listing: { id: 'L', name: 'L' }, provider: liar }).connect(regtest, false),
    ).rejects.toMatchObject({ code: 'WALLET_ANSWER' })
  })

  it("Leather: getAddresses' BTC entries by their type, the derivationPath as the path, the Stacks entry left out", async () => {
    const leather = {
      request: async () => ({
        jsonrpc: '2.0',
        id: '1',
        result: {
          addresses: [
            {
              symbol: 'BTC',
              type: 'p2tr',
              address: ordinal.address,
              publicKey: ordinal.publicKey,
              derivationPath: ordinal.path,
            },
            {
              symbol: 'BTC',
              type: 'p2wpkh',
              address: payment.address,
              publicKey: payment.publicKey,
              derivationPath: payment.path,
            },
            { symbol: 'STX', address: 'SP000' },
          ],
        },
      }),
    }
    const accounts = await leatherConnector(leather).connect(regtest, false)
    expect(accounts).toEqual(connectedAccounts(payment, ordinal))
    // Leather has no silent connect: a reload does not prompt.
    expect(await leatherConnector(leather).connect(regtest, true)).toEqual([])
  })

  it('Unisat and OKX: the one account their user chose, its purpose from its script type', async () => {
    const wallet = (address: string, publicKey: string) => ({
      requestAccounts: async () => [address],
      connect: async () => ({ address, publicKey }),
      getAccounts: async () => [address],
      getPublicKey: async () => publicKey,
      signMessage: async () => '',
      signPsbt: async () => '',
    })
    const unisat: BitcoinConnector = injectedConnector(wallet(ordinal.address, ordinal.publicKey), 'unisat')
    expect(await unisat.connect(regtest, false)).toMatchObject([{ purpose: 'ordinal', addressType: 'p2tr' }])
    const okx = injectedConnector(wallet(payment.address, payment.publicKey), 'okx')
    expect(await okx.connect(regtest, true)).toMatchObject([
      { purpose: 'payment', addressType: 'p2wpkh', publicKey: payment.publicKey },
    ])
    expect([unisat.name, okx.name, okx.switchNetwork]).toEqual(['Unisat', 'OKX Wallet', undefined])
  })
})
