import { decodeFunctionData, erc20Abi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { parseUnits } from '../../../modal/adapters/eip155/units.js'
import type { ChainTransaction, Receipt, Replacement } from '../../../modal/adapters/eip155/walletActions.js'
import { WalletError } from '../../../modal/controllers/errors.js'
import { feeOf } from '../../../modal/send/fee.js'
import type { SendChain } from '../../../modal/send/sendChain.js'
import { runSend, type SendStatus } from '../../../modal/send/sendFlow.js'
import { sendTokens } from '../../../modal/send/tokens.js'
import { type Transfer, transferTransaction, transferWrite } from '../../../modal/send/transfer.js'
import type { TokenBalance } from '../../../modal/state/types.js'
import { alice, bob, evmNetwork } from '../support/kit.js'

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex
const tEth = { name: 'Test Ether', symbol: 'tETH', decimals: 18 }
const tUsd = {
  name: 'Test USD',
  symbol: 'tUSD',
  decimals: 6,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
} as const
const sendEth: Transfer = { token: tEth, to: bob, amount: 10n ** 16n }
const reviewedFee = feeOf(21_000n, { maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })

function chainTx(hash: Hex, patch: Partial<ChainTransaction> = {}): ChainTransaction {
  return { hash, from: alice, to: bob, nonce: '0x7', value: '0x2386f26fc10000', input: '0x', ...patch }
}

/** A chain whose wallet answers `hash` and whose receipt wait reports `replacement` (if any) first. */
function fakeChain({
  send = async () => hashOf(1),
  replacement,
  receipt,
}: {
  send?: SendChain['send']
  replacement?: Replacement
  receipt?: () => Promise<Receipt>
}): SendChain {
  return {
    account: alice,
    parseUnits,
    decimalsOf: async (token) => token.decimals,
    balanceOf: async () => 0n,
    estimateFee: async () => reviewedFee,
    resolveName: undefined,
    send,
    async waitForReceipt(hash, onReplaced) {
      if (replacement) onReplaced(replacement)
      if (receipt) return receipt()
      return {
        transactionHash: replacement?.transaction.hash ?? hash,
        blockNumber: 1n,
        status: 'success',
        gasUsed: 21_000n,
      }
    },
  }
}

async function statuses(chain: SendChain, transfer = sendEth): Promise<SendStatus[]> {
  const seen: SendStatus[] = []
  await runSend(chain, transfer, reviewedFee, (status) => seen.push(status))
  return seen
}

describe('the send flow', () => {
  it('asks the wallet, waits for the receipt, then reports success', async () => {
    expect(await statuses(fakeChain({}))).toEqual([
      { phase: 'signing' },
      { phase: 'pending', hash: hashOf(1) },
      { phase: 'success', hash: hashOf(1) },
    ])
  })

  it('asks the wallet to send the transfer at the fee reviewed', async () => {
    const asked: Parameters<SendChain['send']>[] = []
    await statuses(
      fakeChain({
        send: async (...ask) => {
          asked.push(ask)
          return hashOf(1)
        },
      }),
    )
    expect(asked).toEqual([[sendEth, reviewedFee]])
  })

  it('PROV-05 a send the wallet repriced while awaited succeeds and is reported as repriced', async () => {
    const replacement: Replacement = {
      reason: 'repriced',
      replacedTransaction: chainTx(hashOf(1)),
      transaction: chainTx(hashOf(2)),
    }
    expect(await statuses(fakeChain({ replacement }))).toEqual([
      { phase: 'signing' },
      { phase: 'pending', hash: hashOf(1) },
      { phase: 'pending', hash: hashOf(2), replaced: 'repriced' },
      { phase: 'success', hash: hashOf(2), replaced: 'repriced' },
    ])
  })

  it('PROV-05 a send cancelled or replaced while awaited ends with its class, not as sent', async () => {
    for (const reason of ['cancelled', 'replaced'] as const) {
      const replacement: Replacement = {
        reason,
        replacedTransaction: chainTx(hashOf(1)),
        transaction: chainTx(hashOf(3)),
      }
      expect((await statuses(fakeChain({ replacement }))).at(-1), reason).toEqual({
        phase: 'replaced',
        hash: hashOf(3),
        reason,
      })
    }
  })

  it('a refusal in the wallet, or a transaction that reverts, fails the send with the error', async () => {
    const refusal = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    expect(
      await statuses(
        fakeChain({
          send: async () => {
            throw refusal
          },
        }),
      ),
    ).toEqual([{ phase: 'signing' }, { phase: 'failed', error: refusal }])
    const revert = new WalletError(
      'TRANSACTION_REVERTED',
      undefined,
      'ERC20: transfer amount exceeds balance',
    )
    expect(
      (
        await statuses(
          fakeChain({
            receipt: async () => {
              throw revert
            },
          }),
        )
      ).at(-1),
    ).toEqual({ phase: 'failed', error: revert, hash: hashOf(1) })
  })

  it('a native send is value to the recipient; an ERC-20 send is transfer(to, amount) on the token', () => {
    expect(transferTransaction(sendEth)).toEqual({ to: bob, value: 10n ** 16n })
    const tokens = { token: tUsd, to: bob, amount: 5_000_000n }
    const tx = transferTransaction(tokens)
    expect(tx.to).toBe(tUsd.contract)
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data! })).toEqual({
      functionName: 'transfer',
      args: [bob, 5_000_000n],
    })
    expect(transferWrite(tUsd.contract, tokens)).toMatchObject({
      address: tUsd.contract,
      functionName: 'transfer',
      args: [bob, 5_000_000n],
    })
  })

  it('the token picker offers the native coin, then the Tokens tab tokens of the network with their decimals', () => {
    const anvil = evmNetwork(31337, 'http://127.0.0.1:1')
    const balance = (patch: Partial<TokenBalance>): TokenBalance => ({
      name: 'Test USD',
      symbol: 'tUSD',
      chainId: 'eip155:31337',
      address: `eip155:31337:${tUsd.contract.toLowerCase()}`,
      value: 5,
      price: 1,
      quantity: { decimals: '6', numeric: '5' },
      iconUrl: '',
      ...patch,
    })
    const { address: _native, ...nativeRow } = balance({
      name: 'Test Ether',
      symbol: 'tETH',
      quantity: { decimals: '18', numeric: '1' },
    })
    const tokens = sendTokens(anvil, [
      nativeRow,
      balance({}),
      balance({ chainId: 'eip155:1', address: `eip155:1:${tUsd.contract}` }),
    ])
    expect(tokens).toEqual([tEth, { ...tUsd, iconUrl: '' }])
    expect(sendTokens(anvil, undefined)).toEqual([tEth])
  })

  it('leaves out a token whose name or symbol would not read as written, or whose decimals no ERC-20 has', () => {
    const anvil = evmNetwork(31337, 'http://127.0.0.1:1')
    const row = (patch: Partial<TokenBalance>): TokenBalance => ({
      name: 'Test USD',
      symbol: 'tUSD',
      chainId: 'eip155:31337',
      address: `eip155:31337:${tUsd.contract}`,
      value: 5,
      price: 1,
      quantity: { decimals: '6', numeric: '5' },
      iconUrl: '',
      ...patch,
    })
    const hostile = [
      // Right-to-left override: "Not enough tUSD‮: the balance is 100" would read "…001 si ecnalab eht".
      row({ symbol: 'tUSD\u202e' }),
      row({ name: 'Test\u200bUSD' }),
      row({ symbol: 'tU\u0000SD' }),
      // viem's formatUnits freezes the page for minutes at 10⁸ decimals, and throws below 0.
      row({ quantity: { decimals: '100000000', numeric: '5' } }),
      row({ quantity: { decimals: '256', numeric: '5' } }),
      row({ quantity: { decimals: '-3', numeric: '5' } }),
      row({ quantity: { decimals: '1e2', numeric: '5' } }),
    ]
    expect(sendTokens(anvil, hostile)).toEqual([tEth])
    expect(sendTokens(anvil, [row({ quantity: { decimals: '255', numeric: '5' } })])).toHaveLength(2)
  })
})
