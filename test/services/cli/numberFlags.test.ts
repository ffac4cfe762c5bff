import { describe, expect, it } from 'vitest'
import { mineEveryMs } from '../../../services/cli/bitcoinCommand.js'
import { parseChainId } from '../../../services/cli/chainCommand.js'
import { parseFid } from '../../../services/cli/farcasterCommand.js'

// What Number() or BigInt() read as a number nobody wrote: '' as 0, '0x2' as 2, '2.0' as 2, ' 8' as 8.
const loose = ['', '1e3', '0x2', '2.0', ' 8', '-1']

describe('pairwise chain --chain-id', () => {
  it('takes a chain id in decimal digits from 1 to 2147483647; absent, the chain’s own', () => {
    expect(parseChainId('31337')).toBe(31337)
    expect(parseChainId('2147483647')).toBe(2147483647)
    expect(parseChainId(undefined)).toBeUndefined()
  })

  it('refuses anything else, naming the flag, the ids allowed and the value', () => {
    for (const written of [...loose, '0', '2147483648'])
      expect(() => parseChainId(written), written).toThrow(
        `--chain-id must be a chain id from 1 to 2147483647, got '${written}'`,
      )
  })
})

describe('pairwise farcaster --fid', () => {
  it('takes a fid in decimal digits; absent, the local test fid', () => {
    expect(parseFid('99999')).toBe(99999n)
    expect(parseFid(undefined)).toBeUndefined()
  })

  it('refuses anything else, naming the flag, the fids allowed and the value', () => {
    for (const written of [...loose, '0'])
      expect(() => parseFid(written), written).toThrow(
        `--fid must be a Farcaster id from 1 to ${Number.MAX_SAFE_INTEGER}, got '${written}'`,
      )
  })
})

describe('pairwise bitcoin --mine-every', () => {
  it('takes whole seconds, 0 for mining only on demand', () => {
    expect(mineEveryMs('5')).toBe(5000)
    expect(mineEveryMs('0')).toBeUndefined()
  })

  it('refuses anything else, naming the flag, the seconds allowed and the value', () => {
    for (const written of [...loose, '1.5', '1000000'])
      expect(() => mineEveryMs(written), written).toThrow(
        `--mine-every must be whole seconds from 0 to 999999, got '${written}'`,
      )
  })
})
