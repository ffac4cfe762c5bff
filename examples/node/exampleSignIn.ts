import { randomBytes } from 'node:crypto'
import { type Cacao, formatAuthMessage } from '@pairwise/engine'
import { localNetwork } from 'pairwise'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  http,
  verifyMessage,
} from 'viem'
import { type ExampleFlowOptions, exampleDappProvider } from './dappProvider.js'

export type ExampleSignInOptions = ExampleFlowOptions & {
  /** The SIWE nonce; random by default. */
  nonce?: string
}

export type ExampleSignInResult = {
  /** The signer, as the CACAO names it. */
  address: Address
  /** The CAIP-2 chain the CACAO was issued for. */
  chainId: string
  cacao: Cacao
  /** The SIWE message the wallet signed, rebuilt from the CACAO. */
  message: string
  /** Whether viem recovers `address` from the CACAO's signature over `message`. */
  signatureValid: boolean
  /** The session the recap granted, as its topic and methods. */
  session: { topic: string; methods: string[] } | undefined
  /** A personal_sign the wallet answered over that session, checked with viem. */
  personalSign: { message: string; signature: Hex; valid: boolean } | undefined
}

const domain = 'dapp.pairwise.localhost'

/**
 * Signs in with a wallet (CAIP-122 / SIWE through `authenticate()`), asking in the same step for
 * personal_sign; checks the CACAO's signature with viem, uses the session once, then disconnects.
 */
export async function runExampleSignIn(options: ExampleSignInOptions): Promise<ExampleSignInResult> {
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId()
  const chain = `eip155:${chainId}`
  const provider = await exampleDappProvider({ ...options, rpcMap: { [chain]: options.rpcUrl } })
  try {
    provider.on('display_uri', options.onUri)
    const { auths, session } = await provider.authenticate({
      chains: [chain],
      domain,
      uri: `https://${domain}/sign-in`,
      nonce: options.nonce ?? randomBytes(16).toString('hex'),
      statement: 'Sign in to the Pairwise example dapp',
      methods: ['personal_sign'],
    })
    const cacao = auths?.[0]
    if (cacao === undefined) throw new Error('The wallet approved a session but signed no sign-in')
    const address = cacao.p.iss.split(':').at(-1) as Address
    const message = formatAuthMessage(cacao.p, cacao.p.iss)
    const signatureValid = await verifyMessage({ address, message, signature: cacao.s.s as Hex })
    let personalSign: ExampleSignInResult['personalSign']
    if (session !== undefined) {
      const walletClient = createWalletClient({
        chain: localNetwork(options.rpcUrl, chainId),
        transport: custom(provider),
      })
      const text = 'Signed in to the Pairwise example dapp'
      const signature = await walletClient.signMessage({ account: address, message: text })
      personalSign = {
        message: text,
        signature,
        valid: await verifyMessage({ address, message: text, signature }),
      }
      await provider.disconnect()
    }
    return {
      address,
      chainId: cacao.p.iss.split(':').slice(2, 4).join(':'),
      cacao,
      message,
      signatureValid,
      session: session && { topic: session.topic, methods: session.namespaces.eip155?.methods ?? [] },
      personalSign,
    }
  } finally {
    await provider.close()
  }
}
