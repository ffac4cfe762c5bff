import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import type { ConnectorInfo } from '../../modal/state/types.js'
import { groupByWallet } from '../../modal/wallets/groupByWallet.js'
import {
  defineSolanaNetwork,
  preflightCommitments,
  SolanaAdapter,
  solanaChainOf,
} from '../../solana/index.js'
import { sameKindAs, wireBytes } from '../../solana/transactionInput.js'

const payer = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')

function kitTransaction(): Transaction {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as never, lastValidBlockHeight: 10n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: createNoopSigner(payer), destination: payer, amount: 1n })],
          m,
        ),
    ),
  )
}

/** web3.js v1's VersionedTransaction as far as the adapter sees it: serialize() and a static deserialize(). */
class LegacyStyleTransaction {
  constructor(readonly bytes: Uint8Array) {}
  static deserialize(bytes: Uint8Array) {
    return new LegacyStyleTransaction(bytes)
  }
  serialize() {
    return this.bytes
  }
}

describe('Solana adapter parts', () => {
  it("takes AppKit's constructor options: new SolanaAdapter({ projectId }) builds the solana adapter", () => {
    expect(new SolanaAdapter({ projectId: 'appkit-project' }).namespace).toBe('solana')
  })

  it('VAL-05 the preflight commitment takes only processed, confirmed, finalized, recent, single, singleGossip, root and max', () => {
    expect(preflightCommitments).toEqual([
      'processed',
      'confirmed',
      'finalized',
      'recent',
      'single',
      'singleGossip',
      'root',
      'max',
    ])
    for (const commitment of preflightCommitments)
      expect(() => new SolanaAdapter({ preflightCommitment: commitment })).not.toThrow()
    expect(() => new SolanaAdapter({ preflightCommitment: 'fast' as never })).toThrow(
      'Not a valid preflight commitment: "fast"',
    )
  })

  it('maps the public clusters to their Wallet Standard chains and any other Solana network to localnet', () => {
    const network = (genesisHash: string) =>
      defineSolanaNetwork({ genesisHash, name: 'n', rpcUrl: 'http://127.0.0.1:1' })
    expect(solanaChainOf(network('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuqCjWYT8gEK'))).toBe('solana:mainnet')
    expect(solanaChainOf(network('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'))).toBe('solana:devnet')
    expect(solanaChainOf(network('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY'))).toBe('solana:testnet')
    const local = network('HWFr75Poq7Z31ADWM8sFR7S6NCWkVWxXqmgPgUgQAxRR')
    expect(solanaChainOf(local)).toBe('solana:localnet')
    expect(local).toMatchObject({
      id: 'HWFr75Poq7Z31ADWM8sFR7S6NCWkVWxX',
      caipNetworkId: 'solana:HWFr75Poq7Z31ADWM8sFR7S6NCWkVWxX',
      chainNamespace: 'solana',
      nativeCurrency: { symbol: 'SOL', decimals: 9 },
    })
  })

  it('hands back a signed transaction as the kind it was given: bytes, a kit transaction, or a web3.js-style object', () => {
    const transaction = kitTransaction()
    const bytes = new Uint8Array(getTransactionEncoder().encode(transaction))
    expect(wireBytes(transaction)).toEqual(bytes)
    expect(sameKindAs(bytes, bytes)).toBe(bytes)
    const decoded = sameKindAs(transaction, bytes)
    expect(decoded.messageBytes).toEqual(transaction.messageBytes)
    expect(decoded.signatures).toEqual(transaction.signatures)
    const legacy = new LegacyStyleTransaction(bytes)
    expect(wireBytes(legacy)).toEqual(bytes)
    const back = sameKindAs(legacy, bytes)
    expect(back).toBeInstanceOf(LegacyStyleTransaction)
    expect(back.serialize()).toEqual(bytes)
    expect(() => wireBytes({} as never)).toThrow('Not a Solana transaction')
  })

  it('lists a wallet serving EVM and Solana once, picking its connector in the active namespace', () => {
    const connector = (
      id: string,
      name: string,
      chainNamespace: ConnectorInfo['chainNamespace'],
    ): ConnectorInfo => ({
      id,
      type: 'ANNOUNCED',
      name,
      chainNamespace,
    })
    const connectors = [
      connector('io.both', 'Both Wallet', 'eip155'),
      connector('io.evm', 'EVM Only', 'eip155'),
      connector('solana:Both Wallet', 'both wallet ', 'solana'),
      { ...connector('walletConnect', 'WalletConnect', 'eip155'), type: 'WALLET_CONNECT' as const },
    ]
    expect(groupByWallet(connectors, 'solana').map((e) => [e.connector.id, e.namespaces])).toEqual([
      ['solana:Both Wallet', ['eip155', 'solana']],
      ['io.evm', ['eip155']],
      ['walletConnect', ['eip155']],
    ])
    expect(groupByWallet(connectors, 'eip155')[0]?.connector.id).toBe('io.both')
  })
})
