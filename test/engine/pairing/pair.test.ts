import { describe, expect, it } from 'vitest'
import { bytesToHex, randomBytes } from '../../../crypto/index.js'
import { formatPairingUri } from '../../../engine/index.js'
import { useTestRelay, walletMetadata } from '../support/harness.js'

const harness = useTestRelay()
const { pool } = harness

describe('pair()', () => {
  it('holds a pairing no longer than five minutes until it is used, whatever expiry its URI names', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const nowSeconds = Math.floor(Date.now() / 1000)
    const soon = formatPairingUri({
      topic: bytesToHex(randomBytes(32)),
      symKey: bytesToHex(randomBytes(32)),
      relay: { protocol: 'irn' },
      expiryTimestamp: nowSeconds + 60,
    })
    expect((await wallet.pair({ uri: soon })).expiry).toBe(nowSeconds + 60)
    const farOff = formatPairingUri({
      topic: bytesToHex(randomBytes(32)),
      symKey: bytesToHex(randomBytes(32)),
      relay: { protocol: 'irn' },
      expiryTimestamp: nowSeconds + 100 * 365 * 86_400,
    })
    const pairing = await wallet.pair({ uri: farOff })
    expect(pairing.active).toBe(false)
    expect(pairing.expiry).toBeGreaterThanOrEqual(nowSeconds + 300)
    expect(pairing.expiry).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 300)
  })
})
