import * as btc from '@scure/btc-signer'
import { z } from 'zod'
import { bitcoinChains } from '../../../bitcoin/networks.js'
import {
  bitcoinTestAccounts,
  broadcastTransaction,
  paymentTransaction,
  signBip137,
  signBip322Simple,
  signPsbtInputs,
  type TestAccount,
  type TestWalletChain,
} from './keys.js'

export type BitcoinWalletFamily = 'standard' | 'satsConnect'
export type BitcoinWalletPolicy = 'approve' | 'reject'
export type BitcoinWalletCall = { method: string; params: unknown }
/** What crosses the page binding back: errors as data, because a thrown error loses its code there. */
export type BitcoinBridgeReply = { result: unknown } | { error: { code: number; message: string } }

/** The refusal codes of each family: the Wallet Standard's EIP-1193-style 4001, sats-connect's -32000. */
const codes = {
  standard: { rejected: 4001, denied: 4100, unsupported: 4200, invalid: -32602 },
  satsConnect: { rejected: -32000, denied: -32002, unsupported: -32001, invalid: -32602 },
} as const

class WalletRefusal extends Error {
  constructor(
    readonly kind: keyof (typeof codes)['standard'],
    message: string,
  ) {
    super(message)
  }
}

const base64 = z.base64().transform((text) => new Uint8Array(Buffer.from(text, 'base64')))
const schemas = {
  'bitcoin:connect': z.object({ purposes: z.array(z.string()) }),
  'standard:connect': z.object({ silent: z.boolean().optional() }),
  'standard:disconnect': z.null(),
  'bitcoin:signMessage': z.array(z.object({ account: z.string(), message: base64 })),
  'bitcoin:signTransaction': z.array(
    z.object({
      psbt: base64,
      inputsToSign: z.array(z.object({ account: z.string(), signingIndexes: z.array(z.number().int()) })),
      chain: z.string().optional(),
    }),
  ),
  getInfo: z.null(),
  getAccounts: z.object({ purposes: z.array(z.string()) }),
  wallet_getAccount: z.null(),
  wallet_renouncePermissions: z.null(),
  signMessage: z.object({ address: z.string(), message: z.string(), protocol: z.enum(['ECDSA', 'BIP322']) }),
  signPsbt: z.object({
    psbt: base64,
    signInputs: z.record(z.string(), z.array(z.number().int())),
    broadcast: z.boolean().optional(),
  }),
  sendTransfer: z.object({
    recipients: z.array(z.object({ address: z.string(), amount: z.number().int().positive() })).length(1),
  }),
  wallet_changeNetwork: z.object({ name: z.string() }),
} as const
type Method = keyof typeof schemas
type Params<M extends Method> = z.output<(typeof schemas)[M]>
const familyMethods: Record<BitcoinWalletFamily, readonly Method[]> = {
  standard: [
    'bitcoin:connect',
    'standard:connect',
    'standard:disconnect',
    'bitcoin:signMessage',
    'bitcoin:signTransaction',
  ],
  satsConnect: [
    'getInfo',
    'getAccounts',
    'wallet_getAccount',
    'wallet_renouncePermissions',
    'signMessage',
    'signPsbt',
    'sendTransfer',
    'wallet_changeNetwork',
  ],
}
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/**
 * The Node half of the Bitcoin test wallets (one per wallet): holds the BIP84 payment and BIP86 ordinal
 * keys, answers each call its page half forwards, asks its policy where a real wallet would prompt (and
 * refuses any message containing "REJECT"), remembers the origins the user approved so a reload reconnects
 * silently, and broadcasts through the Esplora of the network it is on.
 */
export class BitcoinWalletHandler {
  readonly calls: BitcoinWalletCall[] = []
  #policy: BitcoinWalletPolicy = 'approve'
  #chain: TestWalletChain = 'regtest'
  readonly #approved = new Set<string>()

  constructor(
    readonly family: BitcoinWalletFamily,
    readonly seedName: string,
    /** Esplora API base per network the wallet may be on (the local regtest node's `…/api`). */
    readonly esplora: Partial<Record<TestWalletChain, string>>,
  ) {}

  get chain(): TestWalletChain {
    return this.#chain
  }

  /** The accounts on the network the wallet is on: payment (p2wpkh) first, ordinal (p2tr) second. */
  get accounts(): TestAccount[] {
    return bitcoinTestAccounts(this.seedName, this.#chain)
  }

  setPolicy(policy: BitcoinWalletPolicy): void {
    this.#policy = policy
  }

  /** Answers one forwarded call from a page at `origin` (taken from the frame, not from the page's word). */
  async handle(call: unknown, origin: string): Promise<BitcoinBridgeReply> {
    const table = codes[this.family]
    try {
      const parsed = z.object({ method: z.string(), params: z.unknown() }).safeParse(call)
      if (!parsed.success) throw new WalletRefusal('invalid', 'Invalid request')
      const { method, params } = parsed.data
      this.calls.push({ method, params })
      if (!(familyMethods[this.family] as readonly string[]).includes(method))
        throw new WalletRefusal('unsupported', `Unsupported method ${method}`)
      const schema = schemas[method as Method]
      const valid = schema.safeParse(params)
      if (!valid.success)
        throw new WalletRefusal('invalid', `Invalid params for ${method}: ${valid.error.issues[0]?.message}`)
      return { result: await this.#dispatch(method as Method, valid.data, origin) }
    } catch (error) {
      if (error instanceof WalletRefusal)
        return { error: { code: table[error.kind], message: error.message } }
      return { error: { code: -32603, message: error instanceof Error ? error.message : String(error) } }
    }
  }

  #dispatch(method: Method, params: unknown, origin: string): Promise<unknown> | unknown {
    const p = params as never
    switch (method) {
      case 'bitcoin:connect':
      case 'getAccounts':
        this.#prompt()
        this.#approved.add(origin)
        return method === 'getAccounts' ? this.#satsAccounts() : { accounts: this.#standardAccounts() }
      case 'standard:connect':
        return { accounts: this.#approved.has(origin) ? this.#standardAccounts() : [] }
      case 'standard:disconnect':
      case 'wallet_renouncePermissions':
        this.#approved.delete(origin)
        return null
      case 'getInfo':
        return { version: '1.0.0', platform: 'web', methods: familyMethods.satsConnect, supports: [] }
      case 'wallet_getAccount':
        this.#requireOrigin(origin)
        return {
          id: this.seedName,
          addresses: this.#satsAccounts(),
          walletType: 'software',
          network: { bitcoin: { name: bitcoinChains[this.#chain].satsConnect } },
        }
      case 'bitcoin:signMessage':
        return this.#standardSignMessage(p, origin)
      case 'bitcoin:signTransaction':
        return this.#standardSignTransaction(p, origin)
      case 'signMessage':
        return this.#satsSignMessage(p, origin)
      case 'signPsbt':
        return this.#satsSignPsbt(p, origin)
      case 'sendTransfer':
        return this.#sendTransfer(p, origin)
      case 'wallet_changeNetwork':
        return this.#changeNetwork(p, origin)
    }
  }

  #prompt(text = ''): void {
    if (this.#policy === 'reject' || text.includes('REJECT'))
      throw new WalletRefusal('rejected', 'User rejected the request.')
  }

  #requireOrigin(origin: string): void {
    if (!this.#approved.has(origin))
      throw new WalletRefusal('denied', `${origin} is not connected to this wallet`)
  }

  #account(address: string): TestAccount {
    const account = this.accounts.find((a) => a.address === address)
    if (!account) throw new WalletRefusal('denied', `Unknown account ${address}`)
    return account
  }

  #standardAccounts() {
    return this.accounts.map((a) => ({
      address: a.address,
      publicKey: a.publicKey,
      path: a.path,
      chains: [bitcoinChains[this.#chain].standard],
    }))
  }

  #satsAccounts() {
    return this.accounts.map((a) => ({
      address: a.address,
      publicKey: a.publicKey,
      purpose: a.purpose,
      addressType: a.addressType,
      path: a.path,
      walletType: 'software',
    }))
  }

  #standardSignMessage(inputs: Params<'bitcoin:signMessage'>, origin: string) {
    this.#requireOrigin(origin)
    const accounts = inputs.map((input) => this.#account(input.account))
    const messages = inputs.map((input) => new TextDecoder().decode(input.message))
    for (const message of messages) this.#prompt(message)
    return inputs.map((input, i) => ({
      signedMessage: b64(input.message),
      signature: b64(signBip322Simple(accounts[i] as TestAccount, messages[i] as string)),
    }))
  }

  #standardSignTransaction(inputs: Params<'bitcoin:signTransaction'>, origin: string) {
    this.#requireOrigin(origin)
    this.#prompt()
    return inputs.map(({ psbt, inputsToSign }) => {
      let signed: Uint8Array = psbt
      for (const { account, signingIndexes } of inputsToSign)
        signed = signPsbtInputs(signed, this.#account(account), signingIndexes)
      return { signedPsbt: b64(signed) }
    })
  }

  #satsSignMessage({ address, message, protocol }: Params<'signMessage'>, origin: string) {
    this.#requireOrigin(origin)
    const account = this.#account(address)
    this.#prompt(message)
    if (protocol === 'ECDSA' && account.addressType !== 'p2wpkh')
      throw new WalletRefusal('invalid', 'ECDSA signatures are for the payment address')
    const signature = protocol === 'ECDSA' ? signBip137(account, message) : signBip322Simple(account, message)
    return { signature: b64(signature), messageHash: '', address, protocol }
  }

  async #satsSignPsbt({ psbt, signInputs, broadcast }: Params<'signPsbt'>, origin: string) {
    this.#requireOrigin(origin)
    this.#prompt()
    let signed: Uint8Array = psbt
    for (const [address, indexes] of Object.entries(signInputs))
      signed = signPsbtInputs(signed, this.#account(address), indexes)
    if (!broadcast) return { psbt: b64(signed) }
    const tx = btc.Transaction.fromPSBT(signed, { allowUnknownOutputs: true })
    tx.finalize()
    return { psbt: b64(signed), txid: await this.#broadcast(tx) }
  }

  async #sendTransfer({ recipients }: Params<'sendTransfer'>, origin: string) {
    this.#requireOrigin(origin)
    this.#prompt()
    const [{ address, amount }] = recipients as [{ address: string; amount: number }]
    const payment = this.accounts[0] as TestAccount
    const tx = await paymentTransaction(payment, this.#chain, this.#esploraUrl(), address, BigInt(amount))
    if (!tx) throw new WalletRefusal('invalid', 'Insufficient funds')
    return { txid: await this.#broadcast(tx) }
  }

  #changeNetwork({ name }: Params<'wallet_changeNetwork'>, origin: string) {
    this.#requireOrigin(origin)
    const chain = (Object.keys(bitcoinChains) as TestWalletChain[]).find(
      (key) => bitcoinChains[key].satsConnect === name,
    )
    if (!chain || !['regtest', 'signet', 'testnet4'].includes(chain))
      throw new WalletRefusal('invalid', `Unsupported network ${name}`)
    this.#prompt()
    this.#chain = chain
    return { name }
  }

  #esploraUrl(): string {
    const url = this.esplora[this.#chain]
    if (!url) throw new WalletRefusal('invalid', `No node for ${this.#chain}`)
    return url
  }

  #broadcast(tx: btc.Transaction): Promise<string> {
    return broadcastTransaction(this.#esploraUrl(), tx)
  }
}
