import type { BitcoinBridgeReply, BitcoinWalletFamily } from './handler.js'

/** What the page half of one Bitcoin test wallet needs: names and public data only, no key. */
export type BitcoinPageWalletConfig = {
  id: string
  binding: string
  family: BitcoinWalletFamily
  name: string
  icon: string
}

/** In Node tests, the stand-in window and the handler in place of Playwright's binding. */
export type BitcoinPageScope = {
  target: EventTarget & Record<string, unknown>
  bridge(call: { method: string; params: unknown }): Promise<BitcoinBridgeReply>
}

/**
 * Page side of the Bitcoin test wallets, run by Playwright before the page's scripts (it is serialised, so
 * it imports nothing). The Wallet Standard one registers through the two window events by hand; the
 * sats-connect one lists itself in `window.btc_providers` and answers `request` with JSON-RPC envelopes.
 * Every call goes to Node through the binding, bytes as base64.
 */
export function bitcoinWalletPageScript(config: BitcoinPageWalletConfig, scope?: BitcoinPageScope) {
  type Reply = BitcoinBridgeReply
  const target = (scope?.target ?? window) as unknown as EventTarget & Record<string, unknown>
  const forward = (method: string, params: unknown): Promise<Reply> =>
    scope
      ? scope.bridge({ method, params })
      : (target[config.binding] as (call: unknown) => Promise<Reply>)({ method, params })
  const call = async (method: string, params: unknown) => {
    const reply = await forward(method, params)
    if ('error' in reply) throw Object.assign(new Error(reply.error.message), reply.error)
    return reply.result
  }
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const fromHex = (text: string) =>
    Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (const byte of bytes) text += String.fromCharCode(byte)
    return btoa(text)
  }

  if (config.family === 'satsConnect') {
    type Listener = (event: unknown) => void
    const listeners = new Map<string, Set<Listener>>()
    let sequence = 0
    const provider = {
      async request(method: string, params: unknown) {
        const reply = await forward(method, params ?? null)
        const id = String(++sequence)
        if ('error' in reply) return { jsonrpc: '2.0', id, error: reply.error }
        if (method === 'wallet_changeNetwork')
          for (const listener of listeners.get('networkChange') ?? [])
            listener({ bitcoin: { name: (params as { name: string }).name } })
        return { jsonrpc: '2.0', id, result: reply.result }
      },
      addListener({ eventName, cb }: { eventName: string; cb: Listener }) {
        const set = listeners.get(eventName) ?? new Set<Listener>()
        listeners.set(eventName, set)
        set.add(cb)
        return () => set.delete(cb)
      },
    }
    target.PairwiseTestBitcoin ??= {}
    ;(target.PairwiseTestBitcoin as Record<string, unknown>)[config.id] = provider
    target.btc_providers ??= []
    ;(target.btc_providers as unknown[]).push({
      id: `PairwiseTestBitcoin.${config.id}`,
      name: config.name,
      icon: config.icon,
    })
    return
  }

  type RawAccount = { address: string; publicKey: string; path: string; chains: string[] }
  type Account = {
    address: string
    publicKey: Uint8Array
    path: string
    chains: string[]
    features: string[]
  }
  type ChangeListener = (properties: { accounts: Account[] }) => void
  const features = ['bitcoin:signMessage', 'bitcoin:signTransaction']
  let accounts: Account[] = []
  const changes = new Set<ChangeListener>()
  const setAccounts = (raw: RawAccount[]) => {
    const next = raw.map((a) =>
      Object.freeze({
        address: a.address,
        publicKey: fromHex(a.publicKey),
        path: a.path,
        chains: a.chains,
        features,
      }),
    )
    const changed = next.map((a) => a.address).join() !== accounts.map((a) => a.address).join()
    accounts = next
    if (changed) for (const listener of [...changes]) listener({ accounts: [...accounts] })
    return { accounts: [...accounts] }
  }
  const wallet = {
    version: '1.0.0',
    name: config.name,
    icon: config.icon,
    chains: ['bitcoin:regtest'],
    get accounts() {
      return [...accounts]
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect(input: { purposes: string[] }) {
          return setAccounts(((await call('bitcoin:connect', input)) as { accounts: RawAccount[] }).accounts)
        },
      },
      'standard:connect': {
        version: '1.0.0',
        async connect({ silent = false }: { silent?: boolean } = {}) {
          return setAccounts(
            ((await call('standard:connect', { silent })) as { accounts: RawAccount[] }).accounts,
          )
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          await call('standard:disconnect', null)
          setAccounts([])
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => {}
          changes.add(listener)
          return () => changes.delete(listener)
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: Account; message: Uint8Array }[]) {
          const params = inputs.map((input) => ({
            account: input.account.address,
            message: toBase64(input.message),
          }))
          const outputs = (await call('bitcoin:signMessage', params)) as Record<string, string>[]
          return outputs.map((output) => ({
            signedMessage: fromBase64(output.signedMessage as string),
            signature: fromBase64(output.signature as string),
          }))
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(
          ...inputs: {
            psbt: Uint8Array
            inputsToSign: { account: Account; signingIndexes: number[] }[]
            chain?: string
          }[]
        ) {
          const params = inputs.map((input) => ({
            psbt: toBase64(input.psbt),
            inputsToSign: input.inputsToSign.map((i) => ({
              account: i.account.address,
              signingIndexes: i.signingIndexes,
            })),
            chain: input.chain,
          }))
          const outputs = (await call('bitcoin:signTransaction', params)) as Record<string, string>[]
          return outputs.map((output) => ({ signedPsbt: fromBase64(output.signedPsbt as string) }))
        },
      },
    },
  }
  type AppApi = { register(wallet: unknown): () => void }
  const registerWith = (api: AppApi) => {
    api.register(wallet)
  }
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: registerWith }))
  target.addEventListener('wallet-standard:app-ready', (event) =>
    registerWith((event as CustomEvent<AppApi>).detail),
  )
}
