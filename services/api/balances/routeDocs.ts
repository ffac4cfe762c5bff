import { z } from 'zod'
import { json, type ModuleDocs } from '../openapi/routeDoc.js'
import { balancesQuery } from './routes.js'
import { tokenBalanceSchema } from './tokenBalance.js'

export const balancesAnswerSchema = z.object({ balances: z.array(tokenBalanceSchema) })

export const balanceDocs: ModuleDocs = {
  tag: 'balances',
  description: "An address's native coin and tokens on one chain, priced (spec §3).",
  routes: [
    {
      method: 'get',
      path: '/v1/balances',
      summary:
        'The native coin and every token of the chain list or seen moving to the address (on Bitcoin: BTC, confirmed and unconfirmed)',
      auth: 'project',
      calledBy: ['modal'],
      query: balancesQuery,
      responses: { 200: json('The balances', balancesAnswerSchema) },
    },
  ],
}
