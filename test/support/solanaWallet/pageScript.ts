/** What the init script needs to build one wallet in the page: names and public data only, no key. */
export type SolanaPageWalletConfig = {
  id: string
  binding: string
  name: string
  icon: string
  chains: string[]
  address: string
  publicKey: string
  registerAtLoad: boolean
}

/** Per wallet id, the page's handle to register or unregister that wallet (`installSolanaTestWallet` calls it). */
export type SolanaPageWalletControls = Record<string, { register(): void; unregister(): void }>

/**
 * Page side of the Solana test wallet, run by Playwright before the page's scripts (it is serialised, so
 * it imports nothing). Builds a Wallet Standard wallet whose features forward each call to Node through
 * the binding `config.binding`, bytes as base64, and registers it through the two window events by hand
 * so the wallet is found whether the app or the wallet loads first.
 */
export function solanaWalletPageScript(config: SolanaPageWalletConfig) {
  type Reply = { result: unknown } | { error: { code: number; message: string } }
  type Bridge = (call: { method: string; params: unknown }) => Promise<Reply>
  type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[] }
  type ChangeListener = (properties: { accounts: Account[] }) => void
  type AppApi = { register(wallet: unknown): () => void }
  type Encoded = Record<string, string>

  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (const byte of bytes) text += String.fromCharCode(byte)
    return btoa(text)
  }
  const call = async (method: string, params: unknown) => {
    const bridge = (window as unknown as Record<string, Bridge>)[config.binding]!
    const reply = await bridge({ method, params })
    if ('error' in reply) throw Object.assign(new Error(reply.error.message), reply.error)
    return reply.result
  }

  const featureNames = [
    'solana:signAndSendTransaction',
    'solana:signTransaction',
    'solana:signMessage',
    'solana:signIn',
  ]
  const account: Account = Object.freeze({
    address: config.address,
    publicKey: fromBase64(config.publicKey),
    chains: config.chains,
    features: featureNames,
  })
  let accounts: Account[] = []
  const listeners = new Set<ChangeListener>()
  const setAccounts = (next: Account[]) => {
    const changed = next.length !== accounts.length
    accounts = next
    if (changed) for (const listener of [...listeners]) listener({ accounts: [...accounts] })
  }
  type SendInput = { account: Account; transaction: Uint8Array; chain?: string; options?: unknown }
  const encodeSend = (inputs: SendInput[]) =>
    inputs.map(({ account: { address }, transaction, chain, options }) => ({
      account: address,
      transaction: toBase64(transaction),
      chain,
      options,
    }))

  const wallet = {
    version: '1.0.0',
    name: config.name,
    icon: config.icon,
    chains: config.chains,
    get accounts() {
      return [...accounts]
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect({ silent = false }: { silent?: boolean } = {}) {
          const result = (await call('standard:connect', { silent })) as { accounts: string[] }
          setAccounts(result.accounts.length ? [account] : [])
          return { accounts: [...accounts] }
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
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: { account: Account; message: Uint8Array }[]) {
          const params = inputs.map((input) => ({
            account: input.account.address,
            message: toBase64(input.message),
          }))
          const outputs = (await call('solana:signMessage', params)) as Encoded[]
          return outputs.map((output) => ({
            signedMessage: fromBase64(output.signedMessage!),
            signature: fromBase64(output.signature!),
            signatureType: output.signatureType,
          }))
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: SendInput[]) {
          const outputs = (await call('solana:signTransaction', encodeSend(inputs))) as Encoded[]
          return outputs.map((output) => ({ signedTransaction: fromBase64(output.signedTransaction!) }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: SendInput[]) {
          const outputs = (await call('solana:signAndSendTransaction', encodeSend(inputs))) as Encoded[]
          return outputs.map((output) => ({ signature: fromBase64(output.signature!) }))
        },
      },
      'solana:signIn': {
        version: '1.0.0',
        async signIn(...inputs: Record<string, unknown>[]) {
          const outputs = (await call('solana:signIn', inputs)) as Encoded[]
          if (outputs.length) setAccounts([account])
          return outputs.map((output) => ({
            account,
            signedMessage: fromBase64(output.signedMessage!),
            signature: fromBase64(output.signature!),
            signatureType: output.signatureType,
          }))
        },
      },
    },
  }

  const unregisters: (() => void)[] = []
  const registerWith = (api: AppApi) => {
    unregisters.push(api.register(wallet))
  }
  const onAppReady = (event: Event) => registerWith((event as CustomEvent<AppApi>).detail)
  const register = () => {
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: registerWith }))
    window.addEventListener('wallet-standard:app-ready', onAppReady)
  }
  const unregister = () => {
    window.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregisterFromApp of unregisters.splice(0)) unregisterFromApp()
  }
  const host = window as unknown as { __pairwiseSolanaTestWallets?: SolanaPageWalletControls }
  host.__pairwiseSolanaTestWallets ??= {}
  host.__pairwiseSolanaTestWallets[config.id] = { register, unregister }
  if (config.registerAtLoad) register()
}
