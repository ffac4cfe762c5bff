import { hex } from '@scure/base'
import { z } from 'zod'
import { bitcoinChains } from '../../../bitcoin/networks.js'
import type { SignClient } from '../../../engine/index.js'
import type { SignClientEvents } from '../../../engine/types.js'
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

/** A test network's CAIP-2 id: `bip122:` and the first 32 hex digits of its genesis hash. */
export const testChainId = (chain: TestWalletChain) =>
  `bip122:${bitcoinChains[chain].genesisHash.slice(0, 32)}`

export type WalletConnectBitcoinCall = { method: string; params: unknown; chainId: string }

const base64 = z.base64().transform((text) => new Uint8Array(Buffer.from(text, 'base64')))
const account = z.string().min(14).max(90)
const schemas = {
  getAccountAddresses: z.object({ account, intentions: z.array(z.string()).optional() }),
  signMessage: z.object({
    account,
    address: account.optional(),
    message: z.string(),
    protocol: z.enum(['ecdsa', 'bip322']).optional(),
  }),
  signPsbt: z.object({
    account,
    psbt: base64,
    signInputs: z.array(z.object({ address: account, index: z.number().int().nonnegative() })),
    broadcast: z.boolean().optional(),
  }),
  sendTransfer: z.object({
    account,
    recipientAddress: account,
    amount: z.string().regex(/^[1-9][0-9]{0,15}$/),
  }),
} as const
type Method = keyof typeof schemas

export type WalletConnectBitcoinWalletOptions = {
  /** Which fixed seed its keys come from. */
  seed: string
  /** The networks it approves, each with the payment address as the session's account there. */
  chains: TestWalletChain[]
  /** What it grants; all but sendTransfer by default, so the app builds the payments. */
  methods?: readonly Method[]
  /** Esplora API base per network, where its own transfers go. */
  esplora?: Partial<Record<TestWalletChain, string>>
}

class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Our engine as a Bitcoin wallet over WalletConnect, holding the BIP84 payment and BIP86 ordinal keys of
 * `seed` (the injected test wallets' key code). Its session's `bip122` accounts are the payment address on
 * each chain it approves; it answers WalletConnect's Bitcoin RPC (getAccountAddresses with intention,
 * publicKey and path; BIP-322 or BIP-137 signMessage, hex; signPsbt, base64, signed and left for the app to
 * finalise and send; sendTransfer, built, signed and sent by itself where granted) and refuses any message
 * containing "REJECT" as a user would (5000).
 */
export class WalletConnectBitcoinWallet {
  readonly calls: WalletConnectBitcoinCall[] = []
  readonly seed: string
  readonly chains: TestWalletChain[]
  readonly methods: readonly Method[]
  readonly #esplora: Partial<Record<TestWalletChain, string>>

  constructor(
    readonly client: SignClient,
    options: WalletConnectBitcoinWalletOptions,
  ) {
    this.seed = options.seed
    this.chains = options.chains
    this.methods = options.methods ?? ['getAccountAddresses', 'signMessage', 'signPsbt']
    this.#esplora = options.esplora ?? {}
    client.on('session_request', (event) => void this.#answer(event))
  }

  /** Payment (p2wpkh) then ordinal (p2tr) on `chain`. */
  accounts(chain: TestWalletChain): TestAccount[] {
    return bitcoinTestAccounts(this.seed, chain)
  }

  /** The bip122 namespace it approves: each of its chains, the payment address there, its methods. */
  namespace() {
    return {
      chains: this.chains.map(testChainId),
      accounts: this.chains.map((chain) => `${testChainId(chain)}:${this.accounts(chain)[0]?.address}`),
      methods: [...this.methods],
      events: ['bip122_addressesChanged'],
    }
  }

  async #answer({ id, topic, params }: SignClientEvents['session_request']): Promise<void> {
    const { method, params: body } = params.request
    this.calls.push({ method, params: body, chainId: params.chainId })
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      this.client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } })
    try {
      const chain = this.chains.find((c) => testChainId(c) === params.chainId)
      if (!chain) throw new Refusal(5100, `Unsupported chain ${params.chainId}`)
      if (!(this.methods as readonly string[]).includes(method))
        throw new Refusal(5101, `Unsupported method ${method}`)
      const valid = schemas[method as Method].safeParse(body)
      if (!valid.success) throw new Refusal(-32602, `Invalid params for ${method}`)
      await respond({ result: await this.#dispatch(method as Method, valid.data as never, chain) })
    } catch (error) {
      const { code, message } =
        error instanceof Refusal ? error : { code: -32603, message: String((error as Error).message) }
      await respond({ error: { code, message } })
    }
  }

  async #dispatch(method: Method, params: never, chain: TestWalletChain): Promise<unknown> {
    const accounts = this.accounts(chain)
    const own = (address: string) => {
      const found = accounts.find((a) => a.address === address)
      if (!found) throw new Refusal(5000, `Unknown account ${address}`)
      return found
    }
    switch (method) {
      case 'getAccountAddresses': {
        const { account: asked } = params as z.output<(typeof schemas)['getAccountAddresses']>
        own(asked)
        return accounts.map((a) => ({
          address: a.address,
          publicKey: a.publicKey,
          path: a.path,
          intention: a.purpose === 'ordinals' ? 'ordinal' : 'payment',
        }))
      }
      case 'signMessage': {
        const input = params as z.output<(typeof schemas)['signMessage']>
        const signer = own(input.address ?? input.account)
        if (input.message.includes('REJECT')) throw new Refusal(5000, 'User rejected the request.')
        const signature =
          input.protocol === 'ecdsa'
            ? signBip137(signer, input.message)
            : signBip322Simple(signer, input.message)
        return { address: signer.address, signature: hex.encode(signature) }
      }
      case 'signPsbt': {
        const input = params as z.output<(typeof schemas)['signPsbt']>
        let psbt: Uint8Array = input.psbt
        for (const { address, index } of input.signInputs) psbt = signPsbtInputs(psbt, own(address), [index])
        return { psbt: Buffer.from(psbt).toString('base64') }
      }
      case 'sendTransfer': {
        const input = params as z.output<(typeof schemas)['sendTransfer']>
        const payment = own(input.account)
        const esplora = this.#esplora[chain]
        if (!esplora) throw new Refusal(5100, `No node for ${chain}`)
        const tx = await paymentTransaction(
          payment,
          chain,
          esplora,
          input.recipientAddress,
          BigInt(input.amount),
        )
        if (!tx) throw new Refusal(-32602, 'Insufficient funds')
        return { txid: await broadcastTransaction(esplora, tx) }
      }
    }
  }
}
