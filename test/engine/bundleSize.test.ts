import { describe, expect, it } from 'vitest'
import { measureBundle, signClientApp } from '../../bench/engine/bundle.js'

// `npm run bench -- engine` prints this ratio among its timings; sizes are exact, so unlike the timings it
// can hold the line here: a change that grows the bundle past it has to win the bytes back.
const MAX_GZIP_RATIO = 0.3

describe('the engine in a browser bundle', () => {
  it(`a one-line dapp's bundle, gzipped, is at most ${MAX_GZIP_RATIO} of the same dapp on the official client`, async () => {
    const root = process.cwd()
    const ours = await measureBundle(signClientApp('./engine/index.ts'), root)
    const official = await measureBundle(signClientApp('@walletconnect/sign-client'), root)
    expect(ours.gzipped / official.gzipped).toBeLessThanOrEqual(MAX_GZIP_RATIO)
  })
})
