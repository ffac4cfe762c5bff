import { isAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { eachDatabase } from '../support/databases.js'
import { buyer, onrampHarness, projectId } from './onrampHarness.js'

/** The buyer's address with one digit mistyped: another address, whose letters' case is not its checksum. */
const mistyped = buyer.replace(/\d(?=[^\d]*$)/, (digit) => String((Number(digit) + 1) % 10))

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

const sqlite = eachDatabase().filter((each) => each.name === 'sqlite')

describe('an onramp delivery address', () => {
  it('is refused by a quote when its checksum is wrong, so nothing is bought for the address a typo names', async () => {
    expect(mistyped.toLowerCase()).not.toBe(buyer.toLowerCase())
    expect(isAddress(mistyped, { strict: true })).toBe(false)
    const h = await onrampHarness(await sqlite[0]!.open(), chain)
    const refused = await h.quote('50', { address: mistyped })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringMatching(/checksum/),
    })
    for (const written of [buyer, buyer.toLowerCase(), `0x${buyer.slice(2).toUpperCase()}`]) {
      expect((await h.quote('50', { address: written })).status).toBe(200)
    }
  })
  it("is refused by an order listing when its checksum is wrong, so no one reads a typo's orders as the buyer's", async () => {
    const h = await onrampHarness(await sqlite[0]!.open(), chain)
    const listing = (address: string) => h.json(`/v1/onramp/orders?projectId=${projectId}&address=${address}`)
    const refused = await listing(mistyped)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringMatching(/checksum/),
    })
    for (const written of [buyer, buyer.toLowerCase(), `0x${buyer.slice(2).toUpperCase()}`]) {
      expect((await listing(written)).status).toBe(200)
    }
  })
  it('refuses the zero address, whose key no one holds, so nothing bought is lost there', async () => {
    const h = await onrampHarness(await sqlite[0]!.open(), chain)
    const refused = await h.quote('50', { address: `0x${'0'.repeat(40)}` })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringMatching(/zero address/),
    })
  })
})
