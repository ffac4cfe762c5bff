import type { Hex } from 'viem'
import {
  english,
  generateMnemonic,
  generatePrivateKey,
  mnemonicToAccount,
  privateKeyToAccount,
} from 'viem/accounts'

/**
 * The baselines, bundled for the host page by main.ts: the same operations done directly with a viem
 * local account in the page, timed in the page.
 */
const account = privateKeyToAccount(generatePrivateKey())

const baselines = {
  /** A new wallet from a fresh BIP-39 phrase to its address (what the frame does at first login). */
  newAccount(): number {
    const started = performance.now()
    mnemonicToAccount(generateMnemonic(english))
    return performance.now() - started
  },
  async sign(raw: Hex): Promise<number> {
    const started = performance.now()
    await account.signMessage({ message: { raw } })
    return performance.now() - started
  },
}

Object.defineProperty(window, 'pairwiseBenchViem', { value: baselines })
export type ViemBaselines = typeof baselines
