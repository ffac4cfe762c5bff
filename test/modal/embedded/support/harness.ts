import { mapMemory } from '../../../../modal/controllers/memory.js'
import {
  createEmbeddedWallet,
  createFrameElement,
  type EmbeddedWalletOptions,
  FrameChannel,
  type FrameTimeoutReason,
} from '../../../../modal/embedded/index.js'
import { ManualClock } from '../../support/clock.js'
import { authUrl, type FakeDocument, type FakeIframe, flush, FakeDocument as Page } from './fakePage.js'

export const projectId = 'p1'

/** A channel over a fake page and frame; `open()` loads the frame and waits out READY's settle delay. */
export function channelHarness() {
  const clock = new ManualClock()
  const page: FakeDocument = new Page()
  const element = createFrameElement({ authUrl, projectId, chainId: 1, zIndex: 10, document: page })
  const timeouts: FrameTimeoutReason[] = []
  const channel = new FrameChannel({ element, clock, onTimeout: (reason) => timeouts.push(reason) })
  return {
    clock,
    page,
    frame: page.frame,
    element,
    channel,
    timeouts,
    async open() {
      channel.start()
      await flush()
      clock.advance(500)
    },
    close() {
      channel.close()
      page.frame.close()
    },
  }
}

/** createEmbeddedWallet over a fake page, with every callback recorded. */
export function walletHarness(overrides: Partial<EmbeddedWalletOptions<FakeIframe>> = {}) {
  const clock = new ManualClock()
  const page: FakeDocument = new Page()
  const memory = mapMemory()
  const calls = {
    timeouts: [] as FrameTimeoutReason[],
    approvalNeeded: [] as string[],
    approvalSettled: [] as string[],
    disallowed: [] as Array<{ method: string; at: number }>,
  }
  const make = (more: Partial<EmbeddedWalletOptions<FakeIframe>> = {}) =>
    createEmbeddedWallet<FakeIframe>({
      projectId,
      features: { email: true },
      authUrl,
      chainId: 1,
      activeChainId: () => 1,
      rpcUrlFor: (chainId) => `http://127.0.0.1:8545/rpc/${chainId}`,
      metadata: { name: 'Demo', description: 'A demo', url: 'http://127.0.0.1:5173', icons: [] },
      memory,
      clock,
      now: () => clock.now,
      document: page,
      onTimeout: (reason) => calls.timeouts.push(reason),
      onApprovalNeeded: (method) => calls.approvalNeeded.push(method),
      onApprovalSettled: (method) => calls.approvalSettled.push(method),
      onDisallowed: (method) => calls.disallowed.push({ method, at: clock.now }),
      ...overrides,
      ...more,
    })
  return { clock, page, frame: page.frame, memory, calls, make }
}

/** Lets the frame's READY arrive, then waits out the settle delay. */
export async function settleReady(clock: ManualClock): Promise<void> {
  await flush()
  clock.advance(500)
}
