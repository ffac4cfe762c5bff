import { EventEmitter } from 'node:events'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  hexToBigInt,
  http,
  isAddressEqual,
  isHex,
  numberToHex,
  type TypedDataDefinition,
  toHex,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import { devPrivateKeys, localNetwork } from '../../services/index.js'

/** EIP-1193 / EIP-1474 error codes the test wallet answers with. */
export const walletErrorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  unrecognizedChain: 4902,
  invalidParams: -32602,
} as const

export class WalletRpcError extends Error {
  override readonly name = 'WalletRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export type WalletEvents = {
  accountsChanged: [accounts: Address[]]
  chainChanged: [chainIdHex: Hex]
  connect: [info: { chainId: Hex }]
  disconnect: [error: { code: number; message: string }]
}

export type TestWalletOptions = {
  /** RPC URL per chain id; the wallet can switch among these and any chain added at run time. */
  chains: Record<number, string>
  chainId: number
  privateKey?: Hex
}

export type RequestArguments = { method: string; params?: readonly unknown[] | object }

/** One request the wallet was asked, in order; tests read them to prove what reached (or never reached) it. */
export type WalletCall = { readonly method: string; readonly params: readonly unknown[] }

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]+$/, 'expected a hex quantity')
const address = z.custom<Address>(
  (v) => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v),
  'expected an address',
)
const hexData = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'expected hex data')
const transactionSchema = z.object({
  from: address.optional(),
  to: address.optional(),
  value: hexQuantity.optional(),
  data: hexData.optional(),
  input: hexData.optional(),
  gas: hexQuantity.optional(),
  nonce: hexQuantity.optional(),
  maxFeePerGas: hexQuantity.optional(),
  maxPriorityFeePerGas: hexQuantity.optional(),
})
const switchChainSchema = z.tuple([z.object({ chainId: hexQuantity })])
const addChainSchema = z.tuple([
  z.object({
    chainId: hexQuantity,
    chainName: z.string().min(1),
    rpcUrls: z.array(z.string().url()).min(1),
    nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }).optional(),
  }),
])

function parse<T>(schema: z.ZodType<T>, value: unknown, method: string): T {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new WalletRpcError(
      walletErrorCodes.invalidParams,
      `Invalid params for ${method}: ${result.error.issues[0]?.message}`,
    )
  return result.data
}

/**
 * A scriptable EIP-1193 wallet that signs in Node with a viem local account. Reads go to the active
 * chain's RPC. Tests drive it (reject the next request, switch accounts, disconnect) to reach failure paths.
 */
export class TestWallet {
  readonly events = new EventEmitter<WalletEvents>()
  private account: PrivateKeyAccount
  private readonly chains = new Map<number, Chain>()
  private chainIdValue: number
  private connected = false
  private readonly rejections: string[] = []
  /** Every request asked of the wallet, in order (reads included). */
  readonly calls: WalletCall[] = []

  constructor({ chains, chainId, privateKey = devPrivateKeys[0] }: TestWalletOptions) {
    for (const [id, rpcUrl] of Object.entries(chains))
      this.chains.set(Number(id), localNetwork(rpcUrl, Number(id)))
    if (!this.chains.has(chainId)) throw new Error(`chainId ${chainId} has no RPC URL in chains`)
    this.chainIdValue = chainId
    this.account = privateKeyToAccount(privateKey)
  }

  get address(): Address {
    return this.account.address
  }

  get chainId(): number {
    return this.chainIdValue
  }

  get isConnected(): boolean {
    return this.connected
  }

  /** The next request for `method` (any method with '*') fails with 4001, as if the user clicked Reject. */
  rejectNext(method = '*'): void {
    this.rejections.push(method)
  }

  /** Switches to another key, as a user picking another account; connected pages see accountsChanged. */
  useAccount(privateKey: Hex): void {
    this.account = privateKeyToAccount(privateKey)
    if (this.connected) this.events.emit('accountsChanged', [this.account.address])
  }

  /** The wallet drops the connection on its side. */
  disconnect(): void {
    this.connected = false
    this.events.emit('accountsChanged', [])
    this.events.emit('disconnect', { code: 4900, message: 'Disconnected' })
  }

  async request({ method, params }: RequestArguments): Promise<unknown> {
    const args = Array.isArray(params) ? params : params === undefined ? [] : [params]
    this.calls.push({ method, params: args })
    const rejection = this.rejections.findIndex((m) => m === '*' || m === method)
    if (rejection >= 0) {
      this.rejections.splice(rejection, 1)
      throw new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.')
    }
    switch (method) {
      case 'eth_requestAccounts':
        this.connected = true
        this.events.emit('connect', { chainId: numberToHex(this.chainIdValue) })
        return [this.address]
      case 'eth_accounts':
        return this.connected ? [this.address] : []
      case 'eth_chainId':
        return numberToHex(this.chainIdValue)
      case 'net_version':
        return String(this.chainIdValue)
      case 'personal_sign':
        return this.personalSign(args)
      case 'eth_signTypedData_v4':
        return this.signTypedData(args)
      case 'eth_sendTransaction':
        return this.sendTransaction(args)
      case 'wallet_switchEthereumChain':
        return this.switchChain(Number(parse(switchChainSchema, args, method)[0].chainId))
      case 'wallet_addEthereumChain':
        return this.addChain(args)
      case 'wallet_requestPermissions':
        this.connected = true
        return [{ parentCapability: 'eth_accounts' }]
      case 'wallet_revokePermissions':
        this.connected = false
        return null
      default:
        if (method.startsWith('eth_') || method.startsWith('net_') || method.startsWith('web3_'))
          return this.publicClient().request({ method, params: args } as never)
        throw new WalletRpcError(walletErrorCodes.unsupportedMethod, `The method ${method} is not supported.`)
    }
  }

  private requireSigner(from: unknown, method: string): void {
    if (!this.connected)
      throw new WalletRpcError(walletErrorCodes.unauthorized, 'The wallet is not connected.')
    const signer = parse(address, from, method)
    if (!isAddressEqual(signer, this.address))
      throw new WalletRpcError(walletErrorCodes.unauthorized, `Unknown account ${signer}.`)
  }

  private personalSign(args: readonly unknown[]): Promise<Hex> {
    const [message, from] = args
    this.requireSigner(from, 'personal_sign')
    if (typeof message !== 'string')
      throw new WalletRpcError(walletErrorCodes.invalidParams, 'personal_sign needs a message')
    return this.account.signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  private signTypedData(args: readonly unknown[]): Promise<Hex> {
    const [from, data] = args
    this.requireSigner(from, 'eth_signTypedData_v4')
    let typedData: unknown
    try {
      typedData = typeof data === 'string' ? JSON.parse(data) : data
    } catch {
      throw new WalletRpcError(
        walletErrorCodes.invalidParams,
        'eth_signTypedData_v4 needs typed data as JSON',
      )
    }
    return this.account.signTypedData(typedData as TypedDataDefinition)
  }

  private async sendTransaction(args: readonly unknown[]): Promise<Hex> {
    const tx = parse(transactionSchema, args[0], 'eth_sendTransaction')
    this.requireSigner(tx.from ?? this.address, 'eth_sendTransaction')
    const chain = this.activeChain()
    const wallet = createWalletClient({
      account: this.account,
      chain,
      transport: http(chain.rpcUrls.default.http[0]),
    })
    const quantity = (value: string | undefined) =>
      value === undefined ? undefined : hexToBigInt(value as Hex)
    return wallet.sendTransaction({
      to: tx.to ? getAddress(tx.to) : undefined,
      value: quantity(tx.value),
      data: (tx.data ?? tx.input) as Hex | undefined,
      gas: quantity(tx.gas),
      nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
      maxFeePerGas: quantity(tx.maxFeePerGas),
      maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas),
    })
  }

  private switchChain(chainId: number): null {
    if (!this.chains.has(chainId))
      throw new WalletRpcError(walletErrorCodes.unrecognizedChain, `Unrecognized chain ID ${toHex(chainId)}.`)
    if (chainId !== this.chainIdValue) {
      this.chainIdValue = chainId
      this.events.emit('chainChanged', numberToHex(chainId))
    }
    return null
  }

  private addChain(args: readonly unknown[]): null {
    const [chain] = parse(addChainSchema, args, 'wallet_addEthereumChain')
    const id = Number(chain.chainId)
    const rpcUrl = chain.rpcUrls[0]!
    if (!this.chains.has(id)) this.chains.set(id, localNetwork(rpcUrl, id))
    // Like MetaMask, adding a chain also switches to it.
    return this.switchChain(id)
  }

  private activeChain(): Chain {
    return this.chains.get(this.chainIdValue)!
  }

  private publicClient() {
    const chain = this.activeChain()
    return createPublicClient({ chain, transport: http(chain.rpcUrls.default.http[0]) })
  }
}
