import { frameErrorCodes } from '@pairwise/engine/frame'
import {
  type Address,
  BaseError,
  type Client,
  createClient,
  custom,
  defineChain,
  encodeFunctionData,
  type Hex,
  type LocalAccount,
  numberToHex,
  parseAbi,
} from 'viem'
import {
  createBundlerClient,
  entryPoint08Abi,
  getUserOperationTypedData,
  type SmartAccount,
  toSmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { estimateFeesPerGas } from 'viem/actions'
import * as z from 'zod/mini'
import type { PaidGas } from '../preview/index.js'
import type { BatchCall } from './batchCalls.js'
import { chainRpc } from './chainRpc.js'
import { FrameFailure } from './frameServer.js'
import type { SmartAccountChain } from './smartAccount.js'

type ChainRequest = (method: string, params?: readonly unknown[]) => Promise<unknown>

/** SimpleAccount v0.8's calls and its factory's deployment (@account-abstraction/contracts 0.8). */
const simpleAccountAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])
const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)'])

/** The salt every SimpleAccount of this wallet is made with (app/smartAccount.ts reads its address so). */
const accountSalt = 0n

/**
 * A signature of the right length for gas estimation: an ECDSA recovery that does not revert, so the
 * account's validation runs to the end (and fails) as it would with the real one.
 */
const stubSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** EIP-5792's "unknown bundle id". */
const unknownBundle = 5730

/** JSON-RPC to the chain's bundler, with the chain RPC's error handling. */
export const bundlerRpc = (chain: SmartAccountChain): ChainRequest =>
  chainRpc({ ...chain, name: `The bundler of ${chain.name}`, rpcUrl: chain.smartAccount.bundlerUrl })

/**
 * The SimpleAccount `owner` has at `address` on `chain` (the factory's counterfactual address,
 * app/smartAccount.ts), as viem's bundler client sends from it: its calls go out as one executeBatch, its
 * first operation deploys it through the factory, and the owner signs each operation's EIP-712 hash, which
 * is what SimpleAccount v0.8 recovers. It holds no ERC-1271, so it signs no messages.
 */
function simpleAccount(
  chain: SmartAccountChain,
  owner: LocalAccount,
  address: Address,
): Promise<SmartAccount> {
  const entryPoint = chain.smartAccount.entryPoint as Address
  const factory = chain.smartAccount.simpleAccountFactory as Address
  const rpc = chainRpc(chain)
  const client = createClient({
    chain: defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: chain.nativeCurrency.symbol, ...chain.nativeCurrency },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    // No retries: a refused call is the chain's answer, and an operation is sent once.
    transport: custom({ request: ({ method, params }) => rpc(method, params ?? []) }, { retryCount: 0 }),
  })
  const noMessages = async (): Promise<Hex> => {
    throw new FrameFailure(frameErrorCodes.unsupportedMethod, 'This smart account cannot sign messages')
  }
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint08Abi, address: entryPoint, version: '0.8' },
    getAddress: async () => address,
    getFactoryArgs: async () => ({
      factory,
      factoryData: encodeFunctionData({
        abi: factoryAbi,
        functionName: 'createAccount',
        args: [owner.address, accountSalt],
      }),
    }),
    encodeCalls: async (calls) =>
      encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))],
      }),
    getStubSignature: async () => stubSignature,
    signMessage: noMessages,
    signTypedData: noMessages,
    signUserOperation: async ({ chainId = chain.chainId, ...userOperation }) =>
      owner.signTypedData(
        getUserOperationTypedData({
          chainId,
          entryPointAddress: entryPoint,
          userOperation: { ...userOperation, sender: address } as Parameters<
            typeof getUserOperationTypedData
          >[0]['userOperation'],
        }),
      ),
  })
}

/**
 * Throws a failure of viem's bundler client as the host sees it: a refusal the bundler (or the chain) answered
 * as its code and short reason, with its revert data for the approval to decode; a failure to reach them as
 * it is, as chainRpc throws one (viem's wrapping gives it a code, which would make it read as a refusal).
 */
function bundlerFailure(error: unknown): never {
  if (!(error instanceof BaseError)) throw error
  const inner = error.walk((cause) => cause instanceof FrameFailure)
  if (inner instanceof FrameFailure)
    throw new FrameFailure(inner.code, `${error.shortMessage} ${inner.message}`, inner.data)
  throw error.walk((cause) => !(cause instanceof BaseError)) ?? error
}

/**
 * The fees an operation offers: twice the chain's EIP-1559 estimate, the margin viem's bundler client gives
 * (bundlers check fees strictly). Read here, not left to viem, which takes a chain that does not answer as
 * no fees at all and prepares an operation without them: the approval would show a fee it does not offer.
 */
async function operationFees(client: Client) {
  const { maxFeePerGas, maxPriorityFeePerGas } = await estimateFeesPerGas(client, {
    chain: client.chain,
    type: 'eip1559',
  })
  return { maxFeePerGas: 2n * maxFeePerGas, maxPriorityFeePerGas: 2n * maxPriorityFeePerGas }
}

/**
 * A UserOperation as the approval shows it: `operation` is what is signed and sent, unchanged, once the
 * user approves; `fee` is what the account pays for it at most.
 */
export type PreparedUserOperation = {
  operation: UserOperation<'0.8'>
  /** Its gas limits in all and its maxFeePerGas: the account pays their product at most. */
  fee: PaidGas
  /** Signs `operation` and sends it; resolves with its hash, the batch's id. Only once approved. */
  send: () => Promise<Hex>
}

/**
 * The most an operation pays: the EntryPoint charges each gas limit it names (calls, verification,
 * pre-verification and the paymaster's) at no more than maxFeePerGas, the deployment included.
 */
function operationFee(operation: UserOperation<'0.8'>): PaidGas {
  return {
    gas:
      operation.callGasLimit +
      operation.verificationGasLimit +
      operation.preVerificationGas +
      (operation.paymasterVerificationGasLimit ?? 0n) +
      (operation.paymasterPostOpGasLimit ?? 0n),
    pricePerGas: operation.maxFeePerGas,
  }
}

/**
 * `calls` from the SimpleAccount `owner` has at `address` as ONE UserOperation through the chain's bundler,
 * prepared before the approval: nonce and gas from the EntryPoint and the bundler, fees from the chain, the
 * account deployed by it when it has no code yet. Its nonce is the first of a nonce key of its own (viem's:
 * the time it is prepared), so one prepared again once approved, in place of one never sent, has a nonce
 * of its own too and waits on no other operation. Refused with the bundler's reason when it cannot be sent (a FrameFailure,
 * which the approval shows); a bundler that cannot be reached throws as chainRpc does.
 */
export async function prepareUserOperation({
  chain,
  owner,
  address,
  calls,
}: {
  chain: SmartAccountChain
  owner: LocalAccount
  address: Address
  calls: readonly BatchCall[]
}): Promise<PreparedUserOperation> {
  const bundler = bundlerRpc(chain)
  const account = await simpleAccount(chain, owner, address)
  // No account of its own: sending it sends the operation as given, where viem would prepare it again.
  const client = createBundlerClient({
    client: account.client,
    transport: custom({ request: ({ method, params }) => bundler(method, params ?? []) }, { retryCount: 0 }),
    userOperation: { estimateFeesPerGas: () => operationFees(account.client) },
  })
  const operation: UserOperation<'0.8'> = await client
    .prepareUserOperation({ account, calls: calls.map(({ to, value, data }) => ({ to, value, data })) })
    .catch(bundlerFailure)
  return {
    operation,
    fee: operationFee(operation),
    send: async () =>
      client
        .sendUserOperation({
          ...operation,
          signature: await account.signUserOperation(operation),
          entryPointAddress: account.entryPoint.address,
        })
        .catch(bundlerFailure),
  }
}

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const hash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))
const log = z.object({ address, data: hexData, topics: z.array(hexData) })

/** eth_getUserOperationReceipt's answer, as far as the status needs it (ERC-4337). */
const operationReceiptSchema = z.object({
  sender: address,
  success: z.boolean(),
  logs: z.array(log),
  receipt: z.object({ transactionHash: hash, blockHash: hash, blockNumber: quantity, gasUsed: quantity }),
})

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * wallet_getCallsStatus of a batch sent as a UserOperation from `sender`, whose id is the operation's hash:
 * pending (100) while the bundler holds it, then confirmed (200) or reverted (500) as the operation went
 * (not its bundle's transaction, which succeeds even when an operation in it reverts), with the bundle's
 * transaction as the one receipt and the operation's own logs. A bundler tells of an operation only once it
 * is mined (eth_getUserOperationByHash included), so one not yet mined is pending only if `sentHere` says
 * this frame sent it. Undefined when it is no known operation of `sender`: the id may be a transaction's.
 */
export async function userOperationStatus(
  chain: SmartAccountChain,
  sender: Address,
  id: unknown,
  sentHere: (id: Hex) => boolean,
) {
  const parsedId = z.safeParse(hash, id)
  if (!parsedId.success) throw new FrameFailure(unknownBundle, 'Unknown bundle id')
  const opHash = parsedId.data as Hex
  const status = { version: '2.0.0', id: opHash, chainId: numberToHex(chain.chainId), atomic: true }
  const answer = await bundlerRpc(chain)('eth_getUserOperationReceipt', [opHash])
  if (answer === null) return sentHere(opHash) ? { ...status, status: 100, receipts: [] } : undefined
  const receipt = z.safeParse(operationReceiptSchema, answer)
  if (!receipt.success || !sameAddress(receipt.data.sender, sender)) return undefined
  const { success, logs, receipt: bundle } = receipt.data
  return {
    ...status,
    status: success ? 200 : 500,
    receipts: [
      {
        logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
        status: success ? '0x1' : '0x0',
        blockHash: bundle.blockHash,
        blockNumber: bundle.blockNumber,
        gasUsed: bundle.gasUsed,
        transactionHash: bundle.transactionHash,
      },
    ],
  }
}
