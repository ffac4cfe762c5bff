import type { Address, Hex } from 'viem'
import { erc20Abi } from 'viem'
import { getBalance, readContract } from 'viem/actions'
import type { Eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import type { Receipt, Replacement } from '../adapters/eip155/walletActions.js'
import type { ChainAdapter, WalletCall } from '../adapters/types.js'
import type { ParseUnits } from './amount.js'
import { assertContractDecimals, contractDecimals, type DecimalsOf } from './decimals.js'
import { type Fee, feeOf, feesPerGas } from './fee.js'
import { universalResolverNames } from './names.js'
import type { NameResolver } from './recipient.js'
import { type SendToken, type Transfer, transferTransaction, transferWrite } from './transfer.js'

/** What sending needs of the chain and the wallet: the kit's EVM adapter provides it, tests fake it. */
export type SendChain = {
  account: Address
  /** The adapter's amount parser (ERR-48 for what is not a decimal number). */
  parseUnits: ParseUnits
  /**
   * `token`'s decimals as its contract reports them, which amounts of it are scaled by: the list it was
   * picked from may say otherwise. Rejects with TokenDecimalsError when they cannot be read.
   */
  decimalsOf: DecimalsOf
  /** The account's balance of `token` in its smallest unit. */
  balanceOf(token: SendToken): Promise<bigint>
  /** The transfer's fee, its cost in the native coin's smallest unit. */
  estimateFee(transfer: Transfer): Promise<Fee>
  /** Absent on a network with no universal resolver. */
  resolveName: NameResolver | undefined
  /**
   * Asks the wallet to send with the gas and fees reviewed; resolves with the hash it answers. A token whose
   * amount was not scaled by its contract's decimals is refused (TokenDecimalsError) before the wallet is asked.
   */
  send(transfer: Transfer, fee: Fee): Promise<Hex>
  waitForReceipt(hash: Hex, onReplaced: (replacement: Replacement) => void): Promise<Receipt>
}

type EvmActions = Pick<
  Eip155Adapter,
  | 'chainClient'
  | 'estimateGas'
  | 'parseUnits'
  | 'sendTransaction'
  | 'writeContract'
  | 'waitForTransactionReceipt'
>

/** The eip155 adapter's wallet actions (the viem one, or wagmi's built on it); a bare adapter has none. */
function evmActions(adapter: ChainAdapter | undefined): EvmActions | undefined {
  const actions = adapter as Partial<EvmActions> | undefined
  return typeof actions?.sendTransaction === 'function' &&
    typeof actions.chainClient === 'function' &&
    typeof actions.parseUnits === 'function' &&
    typeof actions.estimateGas === 'function' &&
    typeof actions.writeContract === 'function' &&
    typeof actions.waitForTransactionReceipt === 'function'
    ? (actions as EvmActions)
    : undefined
}

/**
 * Sending as `from` (an EVM account on a network, through the wallet that holds it), through the kit's
 * adapter (the wallet asked with eth_sendTransaction, an ERC-20 `transfer` simulated first by writeContract)
 * and read through the adapter's client of the network. Undefined when the adapter cannot send.
 */
export function evmSendChain(adapter: ChainAdapter | undefined, from: WalletCall): SendChain | undefined {
  const actions = evmActions(adapter)
  if (!actions) return undefined
  const { network } = from
  const address = from.address as Address
  const client = actions.chainClient(network)
  const decimalsOf = contractDecimals(client)
  return {
    account: address,
    parseUnits: (value, decimals) => actions.parseUnits({ value, decimals }),
    decimalsOf,
    balanceOf: (token) =>
      token.contract
        ? readContract(client, {
            address: token.contract,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          })
        : getBalance(client, { address }),
    estimateFee: async (transfer) => {
      const [gas, perGas] = await Promise.all([
        actions.estimateGas({ ...from, transaction: transferTransaction(transfer) }),
        feesPerGas(client),
      ])
      return feeOf(gas, perGas)
    },
    resolveName: universalResolverNames(client),
    send: async (transfer, fee) => {
      await assertContractDecimals(decimalsOf, transfer.token)
      const limits = { ...pinnedGas(transfer, fee), fees: fee.perGas }
      return transfer.token.contract
        ? actions.writeContract({
            ...from,
            contract: { ...transferWrite(transfer.token.contract, transfer), ...limits },
          })
        : actions.sendTransaction({ ...from, transaction: { ...transferTransaction(transfer), ...limits } })
    },
    waitForReceipt: (hash, onReplaced) =>
      actions.waitForTransactionReceipt({ network, hash, abi: erc20Abi, onReplaced }),
  }
}

/** A plain transfer's gas: an estimate of exactly this ran no code, so no amount can change it. */
const PLAIN_TRANSFER_GAS = 21_000n

/**
 * The gas limit the wallet is asked with: the reviewed one only where the amount cannot change it (the native
 * coin to an address that runs no code). The fee is estimated before the amount is known (none of the coin,
 * one unit of a token), so a token, or a recipient that runs code on what it receives, is left to the wallet
 * to estimate for the real amount: a limit too low would fail the transfer and still cost its fee.
 */
function pinnedGas(transfer: Transfer, fee: Fee): { gas?: bigint } {
  return transfer.token.contract === undefined && fee.gas === PLAIN_TRANSFER_GAS ? { gas: fee.gas } : {}
}
