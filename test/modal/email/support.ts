import { vi } from 'vitest'
import type { FrameRequestEnvelope } from '../../../engine/frame/index.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { emailLogin } from '../../../modal/email/index.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { SIWXConfig } from '../../../modal/siwx/types.js'
import { FakeDocument, type FrameAnswer, flush } from '../embedded/support/fakePage.js'
import { testAddress } from '../embedded/support/samples.js'
import type { ManualClock } from '../support/clock.js'
import { createKit } from '../support/kit.js'

export const authUrl = 'http://127.0.0.1:8789'

/** The RPC answers of a logged-in frame: the account, and the chain it is on. */
export function loggedInRpc(chainId: () => number) {
  return (request: FrameRequestEnvelope): FrameAnswer => {
    const { method } = request.payload as { method: string }
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { success: [testAddress] }
    if (method === 'eth_chainId') return { success: `0x${chainId().toString(16)}` }
    return { success: '0x0' }
  }
}

/**
 * A modal with email login on, whose secure frame is the fake one of test/modal/embedded (it speaks
 * engine/frame over a real MessageChannel); `clock` drives the frame's timers when given.
 */
export function emailKit(
  networks: CaipNetwork[],
  {
    clock,
    enableReconnect,
    siwx,
  }: { clock?: ManualClock; enableReconnect?: boolean; siwx?: SIWXConfig } = {},
) {
  const page = new FakeDocument()
  const kit: AppKit = createKit({
    options: {
      networks,
      projectId: 'p1',
      embeddedWallet: emailLogin({ authUrl }),
      features: { email: true },
      ...(enableReconnect === undefined ? {} : { enableReconnect }),
      ...(siwx ? { siwx } : {}),
    },
    environment: { document: page as unknown as Document, ...(clock ? { clock } : {}) },
  })
  return { kit, page, frame: page.frame }
}

/** Waits out the frame's READY and settle delay on a real clock. */
export async function frameReady(): Promise<void> {
  await flush()
  await new Promise((resolve) => setTimeout(resolve, 550))
}

export async function eventually<T>(check: () => T): Promise<T> {
  return vi.waitFor(check, { timeout: 3000, interval: 5 })
}
