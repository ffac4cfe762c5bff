import { hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { dustThreshold, outputKind } from '../../../services/bitcoin/outputPolicy.js'
import { formatMoney } from '../../../services/bitcoin/rejection.js'

const scripts = {
  p2pkh: `76a914${'11'.repeat(20)}88ac`,
  p2sh: `a914${'11'.repeat(20)}87`,
  v0_p2wpkh: `0014${'11'.repeat(20)}`,
  v0_p2wsh: `0020${'11'.repeat(32)}`,
  v1_p2tr: `5120${'11'.repeat(32)}`,
  op_return: '6a0568656c6c6f',
}

describe('output policy', () => {
  it("names each output kind as Esplora does and prices its dust as Core's GetDustThreshold", () => {
    const thresholds = Object.entries(scripts).map(([kind, hex]) => {
      const script = hexToBytes(hex)
      expect(outputKind(script)).toBe(kind)
      return [kind, dustThreshold(script)]
    })
    expect(Object.fromEntries(thresholds)).toEqual({
      p2pkh: 546n,
      p2sh: 540n,
      v0_p2wpkh: 294n,
      v0_p2wsh: 330n,
      v1_p2tr: 330n,
      op_return: 0n,
    })
    expect(outputKind(hexToBytes(`5114${'11'.repeat(20)}`))).toBe('unknown')
  })

  it("writes amounts as Core's FormatMoney, in the texts of its refusals", () => {
    expect([0n, 1n, 10_000n, 100_000_000n, 123_450_000n].map(formatMoney)).toEqual([
      '0.00',
      '0.00000001',
      '0.0001',
      '1.00',
      '1.2345',
    ])
  })
})
