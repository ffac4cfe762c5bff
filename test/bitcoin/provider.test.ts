import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { describe, expect, it, type Mock, vi } from 'vitest'
import type { BitcoinAccount } from '../../bitcoin/accounts.js'
import type { BitcoinConnector, MessageProtocol } from '../../bitcoin/connectors/connector.js'
import { injectedConnector } from '../../bitcoin/connectors/injected.js'
import { bitcoinChains, bitcoinRegtest, type EsploraClient } from '../../bitcoin/index.js'
import { type BitcoinProviderEvents, bitcoinProvider } from '../../bitcoin/provider.js'
import { Emitter } from '../../common/index.js'
import { regtestKey } from '../services/bitcoin/regtestKeys.js'

const key = regtestKey('provider')
const thief = regtestKey('provider thief').p2wpkh.script
const account: BitcoinAccount = { address: key.p2wpkh.address, purpose: 'payment', addressType: 'p2wpkh' }
/** What the adapter gives a provider beyond signing, which these tests do not reach. */
const unusedDeps = {
  connected: () => true,
  chains: () => [bitcoinRegtest],
  events: new Emitter<BitcoinProviderEvents>(() => undefined),
  disconnect: async () => undefined,
  switchNetwork: async () => undefined,
}

function providerOver() {
  const signPsbt = vi.fn(async ({ psbt }: { psbt: Uint8Array }) => ({ psbt }))
  const connector = { id: 'bip122:test', name: 'Test', signPsbt } as unknown as BitcoinConnector
  const provider = bitcoinProvider({
    connector,
    accounts: () => [account],
    network: () => bitcoinRegtest,
    chain: () => bitcoinChains.regtest,
    esplora: () => ({}) as EsploraClient,
    ...unusedDeps,
  })
  return { provider, signPsbt }
}

/** A provider over Unisat's injected API, whose signing methods are `wallet`'s. */
function providerOverUnisat(wallet: { signMessage: Mock; signPsbt: Mock }) {
  const unisat = { getAccounts: async () => [], getPublicKey: async () => '', ...wallet }
  return bitcoinProvider({
    connector: injectedConnector(unisat, 'unisat'),
    accounts: () => [account],
    network: () => bitcoinRegtest,
    chain: () => bitcoinChains.regtest,
    esplora: () => ({}) as EsploraClient,
    ...unusedDeps,
  })
}

/** A PSBT spending two of the account's coins to one output, input `index` asking for `sighashType`. */
function psbtAsking(sighashType: number, index = 0): string {
  const tx = new btc.Transaction({ allowUnknownOutputs: true })
  for (let i = 0; i < 2; i++)
    tx.addInput({
      txid: hex.encode(new Uint8Array(32).fill(i + 1)),
      index: 0,
      witnessUtxo: { script: key.p2wpkh.script, amount: 50_000n },
      ...(i === index ? { sighashType } : {}),
    })
  tx.addOutput({ script: thief, amount: 99_000n })
  return base64.encode(tx.toPSBT())
}

const sign = (provider: ReturnType<typeof providerOver>['provider'], psbt: string, index = 0) =>
  provider.signPSBT({ psbt, signInputs: [{ address: account.address, index }] })

describe('Bitcoin provider signPSBT', () => {
  it('asks the wallet for signatures that commit to the outputs: ALL, and SINGLE (with ANYONECANPAY) over its own output', async () => {
    for (const sighashType of [
      btc.SigHash.ALL,
      btc.SigHash.SINGLE_ANYONECANPAY,
      btc.SigHash.ALL_ANYONECANPAY,
    ]) {
      const { provider, signPsbt } = providerOver()
      await sign(provider, psbtAsking(sighashType))
      expect(signPsbt).toHaveBeenCalledTimes(1)
    }
  })

  it('refuses, before the wallet is asked, an input of the user signing no output: SIGHASH_NONE, or SINGLE with no output at its index', async () => {
    const cases = [
      [btc.SigHash.NONE, 0],
      [btc.SigHash.NONE_ANYONECANPAY, 0],
      // Input 1 has no output 1: BIP-143 then signs no output at all.
      [btc.SigHash.SINGLE, 1],
      [btc.SigHash.SINGLE_ANYONECANPAY, 1],
    ] as const
    for (const [sighashType, index] of cases) {
      const { provider, signPsbt } = providerOver()
      await expect(sign(provider, psbtAsking(sighashType, index), index)).rejects.toMatchObject({
        code: 'INVALID_PSBT',
      })
      expect(signPsbt).not.toHaveBeenCalled()
    }
    // The same sighash on an input the user is not asked to sign is no concern of theirs.
    const { provider, signPsbt } = providerOver()
    await sign(provider, psbtAsking(btc.SigHash.NONE, 1), 0)
    expect(signPsbt).toHaveBeenCalledTimes(1)
  })

  it("hands Unisat the app's sighashTypes with each input, as AppKit's signInputs carry them, for a marketplace listing", async () => {
    const signPsbt = vi.fn(async (psbtHex: string) => psbtHex)
    const provider = providerOverUnisat({ signMessage: vi.fn(), signPsbt })
    const listing = btc.SigHash.SINGLE_ANYONECANPAY
    await provider.signPSBT({
      psbt: psbtAsking(btc.SigHash.ALL, 1),
      signInputs: [
        { address: account.address, index: 0, sighashTypes: [listing] },
        { address: account.address, index: 1 },
      ],
    })
    expect(signPsbt).toHaveBeenCalledWith(expect.any(String), {
      autoFinalized: false,
      toSignInputs: [
        { address: account.address, index: 0, sighashTypes: [listing] },
        { address: account.address, index: 1 },
      ],
    })
  })

  it("refuses, before the wallet is asked, sighashTypes the app asks for the user's input that sign no output", async () => {
    for (const [sighashType, index] of [
      [btc.SigHash.NONE, 0],
      [btc.SigHash.SINGLE, 1],
    ] as const) {
      const { provider, signPsbt } = providerOver()
      await expect(
        provider.signPSBT({
          psbt: psbtAsking(btc.SigHash.ALL, 1 - index),
          signInputs: [{ address: account.address, index, sighashTypes: [sighashType] }],
        }),
      ).rejects.toMatchObject({ code: 'INVALID_PSBT' })
      expect(signPsbt).not.toHaveBeenCalled()
    }
  })

  it('refuses, before the wallet is asked, a request naming no input, which Unisat and OKX sign as every input they own', async () => {
    const { provider, signPsbt } = providerOver()
    await expect(
      provider.signPSBT({ psbt: psbtAsking(btc.SigHash.NONE), signInputs: [] }),
    ).rejects.toMatchObject({
      code: 'INVALID_PSBT',
    })
    expect(signPsbt).not.toHaveBeenCalled()
  })

  it('refuses what is not a version 0 PSBT, and an input index beyond its inputs, before the wallet is asked', async () => {
    const { provider, signPsbt } = providerOver()
    await expect(sign(provider, base64.encode(Uint8Array.of(1, 2, 3)))).rejects.toMatchObject({
      code: 'INVALID_PSBT',
    })
    await expect(sign(provider, psbtAsking(btc.SigHash.ALL), 2)).rejects.toMatchObject({
      code: 'INVALID_PSBT',
    })
    expect(signPsbt).not.toHaveBeenCalled()
  })
})

describe('Bitcoin provider signPSBT with broadcast, for a wallet that only signs', () => {
  /** A wallet that signs with the account's key, finalised, after `change` has its way with the transaction. */
  function providerSigning(change: (asked: btc.Transaction) => btc.Transaction) {
    const signPsbt = async ({ psbt }: { psbt: Uint8Array }) => {
      const tx = change(btc.Transaction.fromPSBT(psbt, { allowUnknownOutputs: true }))
      tx.sign(key.privateKey)
      tx.finalize()
      return { psbt: tx.toPSBT() }
    }
    const connector = { id: 'bip122:test', name: 'Test', signPsbt } as unknown as BitcoinConnector
    const sent: string[] = []
    const esplora = {
      broadcast: async (raw: string) => {
        sent.push(raw)
        return btc.Transaction.fromRaw(hex.decode(raw)).id
      },
    } as EsploraClient
    const provider = bitcoinProvider({
      connector,
      accounts: () => [account],
      network: () => bitcoinRegtest,
      chain: () => bitcoinChains.regtest,
      esplora: () => esplora,
      ...unusedDeps,
    })
    const signAndSend = () =>
      provider.signPSBT({
        psbt: psbtAsking(btc.SigHash.ALL),
        signInputs: [0, 1].map((index) => ({ address: account.address, index })),
        broadcast: true,
      })
    return { signAndSend, sent }
  }

  it('broadcasts the transaction the app asked signed, and answers its txid', async () => {
    const { signAndSend, sent } = providerSigning((asked) => asked)
    const { txid } = await signAndSend()
    expect(sent).toHaveLength(1)
    expect(txid).toBe(btc.Transaction.fromRaw(hex.decode(sent[0]!)).id)
  })

  it('refuses, and broadcasts nothing, when the wallet signed a transaction with an output of its own added', async () => {
    const { signAndSend, sent } = providerSigning((asked) => {
      asked.addOutput({ script: regtestKey('provider wallet fee').p2wpkh.script, amount: 500n })
      return asked
    })
    await expect(signAndSend()).rejects.toMatchObject({ code: 'WALLET_ANSWER' })
    expect(sent).toHaveLength(0)
  })

  it('refuses, and broadcasts nothing, when the wallet signed a transaction spending other coins than the app asked', async () => {
    const { signAndSend, sent } = providerSigning((asked) => {
      const other = new btc.Transaction({ allowUnknownOutputs: true })
      other.addInput({
        ...asked.getInput(0),
        txid: hex.encode(new Uint8Array(32).fill(9)),
      })
      other.addInput(asked.getInput(1))
      other.addOutput(asked.getOutput(0))
      return other
    })
    await expect(signAndSend()).rejects.toMatchObject({ code: 'WALLET_ANSWER' })
    expect(sent).toHaveLength(0)
  })
})

describe('Bitcoin provider signMessage', () => {
  function unisatProvider() {
    const signMessage = vi.fn(async () => base64.encode(new Uint8Array(65).fill(7)))
    return { provider: providerOverUnisat({ signMessage, signPsbt: vi.fn() }), signMessage }
  }

  it('asks the wallet for the protocol the app named, BIP-322 by default', async () => {
    const { provider, signMessage } = unisatProvider()
    await provider.signMessage({ message: 'hi' })
    await provider.signMessage({ message: 'hi', protocol: 'ecdsa' })
    expect(signMessage.mock.calls).toEqual([
      ['hi', 'bip322-simple'],
      ['hi', 'ecdsa'],
    ])
  })

  it('refuses, before the wallet is asked, a protocol other than bip322 and ecdsa as one the adapter does not know, where a wallet would sign another kind than the app asked for', async () => {
    const { provider, signMessage } = unisatProvider()
    for (const protocol of ['ECDSA', 'legacy', 'bip322-full', '']) {
      await expect(
        provider.signMessage({ message: 'hi', protocol: protocol as MessageProtocol }),
      ).rejects.toMatchObject({
        code: 'UNKNOWN_PROTOCOL',
        message: `Not a message-signing protocol this adapter knows: ${JSON.stringify(protocol)} (known: bip322, ecdsa)`,
      })
    }
    expect(signMessage).not.toHaveBeenCalled()
  })
})
