import type { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { activityRoutes } from '../../../services/api/activity/index.js'
import { appWith, routeDeps } from './support/routeHarness.js'

const holder = '0x1111111111111111111111111111111111111111'

describe('the activity routes’ caipNetworkId', () => {
  let app: Hono
  beforeAll(async () => {
    app = appWith(activityRoutes({ ...(await routeDeps({ now: 0 })), chains: [] }))
  })

  it('is refused as not a CAIP-2 id before any lookup, so no Solana- or Bitcoin-looking text is echoed back', async () => {
    const hostile = ['solana:<script>alert(1)</script>', `bip122:${'a'.repeat(5_000)}`, 'solana:']
    for (const path of ['/v1/activity', '/v1/nfts'])
      for (const caipNetworkId of hostile) {
        const response = await app.request(
          `${path}?${new URLSearchParams({ projectId: 'p1', address: holder, caipNetworkId })}`,
        )
        expect(response.status, `${path} ${caipNetworkId.slice(0, 20)}`).toBe(400)
        const body = (await response.json()) as { code: string; message: string }
        expect(body).toEqual({ code: 'INVALID_REQUEST', message: expect.stringMatching(/^caipNetworkId: /) })
        expect(body.message).not.toContain(caipNetworkId)
      }
  })

  it('names a well-formed Solana or Bitcoin network this api does not serve as UNSUPPORTED_NETWORK', async () => {
    for (const caipNetworkId of [
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bip122:000000000019d6689c085ae165831e93',
    ]) {
      const response = await app.request(
        `/v1/activity?${new URLSearchParams({ projectId: 'p1', address: holder, caipNetworkId })}`,
      )
      expect(await response.json()).toEqual({
        code: 'UNSUPPORTED_NETWORK',
        message: `Unsupported network: ${caipNetworkId}`,
      })
    }
  })
})
