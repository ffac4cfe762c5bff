import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import type { FrameRequestEnvelope } from '../../../engine/frame/index.js'
import type { SiwxFrameMessage } from '../../../engine/siwx/types.js'
import { loginWithEmail } from '../../../modal/email/emailFlow.js'
import { devPrivateKeys } from '../../../services/index.js'
import { MemorySIWX } from '../siwx/flowSupport.js'
import { anvilPair, unreachableRpcUrl, until } from '../support/kit.js'
import { emailKit } from './support.js'

const account = privateKeyToAccount(devPrivateKeys[0])
const kits: { destroy(): void }[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** A logged-in frame for `account` that signs a sign-in message asked with GET_USER, as services/frame does. */
function frameSigning(frame: ReturnType<typeof emailKit>['frame'], signed: SiwxFrameMessage[]) {
  frame.on('CONNECT_EMAIL', () => ({ success: { action: 'CONNECT' } }))
  frame.on('RPC_REQUEST', (request: FrameRequestEnvelope) => {
    const { method } = request.payload as { method: string }
    if (method === 'eth_chainId') return { success: '0x7a69' }
    return { success: [account.address] }
  })
  frame.on('GET_USER', (request) => {
    const { siwxMessage } = request.payload as { siwxMessage?: SiwxFrameMessage }
    const user = {
      email: 'ada@example.com',
      address: account.address,
      chainId: 31337,
      accounts: [{ address: account.address, type: 'eoa' }],
      preferredAccountType: 'eoa',
    }
    if (!siwxMessage?.serializedMessage) return { success: user }
    signed.push(siwxMessage)
    // The frame answers asynchronously after signing; the fake answers on the next turn the same way.
    void account.signMessage({ message: siwxMessage.serializedMessage }).then((signature) =>
      frame.reply(request.id, 'GET_USER_SUCCESS', {
        ...user,
        message: siwxMessage.serializedMessage,
        signature,
        siwxMessage,
      }),
    )
    return 'silent'
  })
}

describe('sign-in with an email login', () => {
  it('SIWX-07 an embedded login whose frame user carries siwxMessage and signature adds the sign-in session without showing SIWXSignMessage', async () => {
    const [anvil] = anvilPair(await unreachableRpcUrl())
    const siwx = new MemorySIWX()
    const { kit, frame } = emailKit([anvil], { siwx })
    kits.push(kit)
    const signed: SiwxFrameMessage[] = []
    frameSigning(frame, signed)
    await kit.ready()
    await kit.open()
    await loginWithEmail(kit.context, 'ada@example.com')
    await until(kit, (s) => s.account.address === account.address)

    expect(signed).toHaveLength(1)
    expect(signed[0]).toMatchObject({ accountAddress: account.address, chainId: 'eip155:31337' })
    expect(siwx.sessions).toHaveLength(1)
    expect(siwx.sessions[0]?.message).toBe(signed[0]?.serializedMessage)
    // The flow found the session the login added: it never opened the sign-in view.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(kit.store.get().router.view).not.toBe('SIWXSignMessage')
    expect(kit.store.get().open).toBe(false)
  })
})
