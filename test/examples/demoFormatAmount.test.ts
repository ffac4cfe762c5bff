import { parseEther } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { formatAmount } from '../../examples/demo/src/formatAmount.js'

// The demo imports the package by name; vite aliases it to the sources, and so does this test.
vi.mock('@pairwise/modal', () => import('../../modal/index.js'))

const tEth = { decimals: 18, symbol: 'tETH' }

describe('the demo shows amounts in the network’s units', () => {
  it('the test account’s 10000000000000000000000 wei reads 10,000 tETH', () => {
    expect(formatAmount(10000000000000000000000n, tEth, 'en-US')).toBe('10,000 tETH')
  })

  it('0.01 tETH and a balance after gas keep their decimals, cut to four like the modal’s Account view', () => {
    expect(formatAmount(parseEther('0.01'), tEth, 'en-US')).toBe('0.01 tETH')
    expect(formatAmount(9999989999979000000000n, tEth, 'en-US')).toBe('9,999.9899 tETH')
  })

  it('a balance too large for a Number of wei keeps every digit', () => {
    expect(formatAmount(123456789012345678901234567890123n, tEth, 'en-US')).toBe(
      '123,456,789,012,345.6789 tETH',
    )
  })

  it('a tiny non-zero amount reads "< 0.0001", and zero reads 0', () => {
    expect(formatAmount(1n, tEth, 'en-US')).toBe('< 0.0001 tETH')
    expect(formatAmount(0n, tEth, 'en-US')).toBe('0 tETH')
  })

  it('the reader’s locale chooses the separators: de-DE groups with dots and marks decimals with a comma', () => {
    expect(formatAmount(10000000000000000000000n, tEth, 'de-DE')).toBe('10.000 tETH')
    expect(formatAmount(1234567800000000000000n, tEth, 'de-DE')).toBe('1.234,5678 tETH')
    expect(formatAmount(1n, tEth, 'de-DE')).toBe('< 0,0001 tETH')
  })

  it('the network’s decimals and symbol are used, not 18 and tETH', () => {
    expect(formatAmount(1500000n, { decimals: 6, symbol: 'USDC' }, 'en-US')).toBe('1.5 USDC')
  })
})
