import { type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import type { UniversalProvider } from '../../../engine/index.js'
import { signInCacaos } from '../../../examples/node/walletSignIn.js'
import { createEngineTransport } from '../../../modal/adapters/walletConnect/engineTransport.js'
import type { WalletConnectTransport } from '../../../modal/adapters/walletConnectTransport.js'
import { connect } from '../../../modal/controllers/connection.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { devPrivateKeys } from '../../../services/index.js'
import { MemoryStorage } from '../../../storage/index.js'
import { nextEvent, useTestRelay, walletMetadata } from '../../engine/support/harness.js'
import { anvilPair, createKit, unreachableRpcUrl, until } from '../support/kit.js'
import { createPage } from '../support/page.js'
import { domain, MemorySIWX, settle, uri } from './flowSupport.js'

const harness = useTestRelay()
const signer = privateKeyToAccount(devPrivateKeys[0])

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

/** A kit with sign-in whose WalletConnect transport is the engine's provider over the test relay. */
async function signInOverEngine(siwx: MemorySIWX) {
  let built: WalletConnectTransport | undefined
  const kit: AppKit = createKit({
    options: { networks: [anvil, anvil2], siwx },
    environment: {
      target: createPage(),
      walletConnect: async () => {
        built = await createEngineTransport({
          relayUrl: harness.relay.url,
          projectId: 'test',
          networks: [anvil, anvil2],
          storage: new MemoryStorage(),
          signIn: () => kit.context.signIn?.walletConnect,
        })
        return built
      },
    },
  })
  await kit.ready()
  return { kit, close: () => (built?.provider as unknown as UniversalProvider | undefined)?.close() }
}

describe('WalletConnect one-click auth through the engine', () => {
  it('SIWX-08 a wallet-connect authenticate answered by the wallet yields both a session and a sign-in session for the signed address', async () => {
    const siwx = new MemorySIWX()
    const { kit, close } = await signInOverEngine(siwx)
    try {
      let shown: (uri: string) => void = () => {}
      const pairingUri = new Promise<string>((resolve) => {
        shown = resolve
      })
      const connecting = connect(kit.context, { connectorId: 'walletConnect', onUri: (u) => shown(u) })

      const wallet = await harness.pool.make(harness.relay.url, { metadata: walletMetadata })
      const asked = nextEvent(wallet, 'session_authenticate')
      await wallet.pair({ uri: await pairingUri })
      const { id, params } = await asked
      expect(params.authPayload).toMatchObject({
        domain,
        aud: uri,
        nonce: siwx.created[0]?.nonce,
        chains: [anvil.caipNetworkId, anvil2.caipNetworkId],
      })
      await wallet.approveSessionAuthenticate({
        id,
        auths: await signInCacaos(wallet, signer, params.authPayload),
      })

      await connecting
      expect(kit.getAddress()).toBe(signer.address)
      expect(kit.store.get().connections.eip155?.status).toBe('connected')
      const sessions = await siwx.getSessions(anvil.caipNetworkId, signer.address)
      expect(sessions).toHaveLength(1)
      const [session] = sessions
      expect(session?.data).toMatchObject({
        accountAddress: signer.address,
        chainId: anvil.caipNetworkId,
        domain,
        uri,
        nonce: siwx.created[0]?.nonce,
      })
      expect(session?.signature).toBe(session?.cacao?.s.s)
      expect(
        await verifyMessage({
          address: signer.address,
          message: session?.message ?? '',
          signature: (session?.signature ?? '0x') as Hex,
        }),
      ).toBe(true)
      expect(await siwx.getSessions(anvil2.caipNetworkId, signer.address)).toHaveLength(1)
      // Signed in already: the sign-in view does not open after this connect.
      await until(kit, () => siwx.lookups.some(([, address]) => address === signer.address))
      await settle()
      expect(kit.store.get().open).toBe(false)
    } finally {
      await close()
    }
  })
})
