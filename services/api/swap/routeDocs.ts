import { z } from 'zod'
import { json, type ModuleDocs } from '../openapi/routeDoc.js'
import { tokensQuery } from './routes.js'

const swapToken = z.object({
  name: z.string(),
  symbol: z.string(),
  address: z.string().describe('`0xeeee…eeee` for the native coin.'),
  decimals: z.number(),
  logoUri: z.string(),
})

export const swapConfigAnswerSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('aggregator'), url: z.string() }),
  z.object({
    provider: z.literal('uniswap-v2'),
    tokens: z.array(swapToken),
    router: z.string(),
    weth: z.string(),
  }),
])

export const swapDocs: ModuleDocs = {
  tag: 'swap',
  description: 'Which swap provider the modal uses on a chain.',
  routes: [
    {
      method: 'get',
      path: '/v1/swap/tokens',
      summary: "The operator's aggregator, or the chain's Uniswap V2 router and token list",
      auth: 'project',
      calledBy: ['modal'],
      when: '`swap` (a DEX per chain, or an aggregator)',
      query: tokensQuery,
      responses: { 200: json('The swap configuration', swapConfigAnswerSchema) },
    },
  ],
}
