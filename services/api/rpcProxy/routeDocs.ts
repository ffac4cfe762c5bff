import { z } from 'zod'
import { bundlerNameSchema, caipNetworkIdSchema } from '../chains/index.js'
import { json, type ModuleDocs } from '../openapi/routeDoc.js'
import { bundlerMethods } from './bundlerRoute.js'
import { jsonRpcBodySchema } from './jsonRpc.js'
import { solanaMethods } from './solanaMethods.js'

const jsonRpcAnswerSchema = z.union([
  z.object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string(), z.null()]),
    result: z.unknown(),
  }),
  z.object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string(), z.null()]),
    error: z.looseObject({ code: z.number(), message: z.string() }),
  }),
])

/** One answer for one call, or the batch's answers in the calls' order. */
export const rpcAnswerSchema = z.union([jsonRpcAnswerSchema, z.array(jsonRpcAnswerSchema)])

export const rpcProxyDocs: ModuleDocs = {
  tag: 'rpc',
  description:
    "JSON-RPC to the node of an EVM chain or Solana cluster and to an EVM chain's ERC-4337 bundlers; only an allowlist of methods is forwarded.",
  routes: [
    {
      method: 'post',
      path: '/v1',
      summary: `A chain JSON-RPC call or batch, forwarded to the RPC of the EVM chain or Solana cluster (\`test\` answers \`true\`): an EVM chain's reads, filters and eth_sendRawTransaction; a Solana cluster's ${[...solanaMethods].join(', ')}; any other method answers -32601. A Bitcoin network is 400 UNSUPPORTED_NETWORK`,
      auth: 'project',
      calledBy: ['modal (configured URL)'],
      query: z.object({ chainId: caipNetworkIdSchema }),
      body: { schema: jsonRpcBodySchema },
      responses: { 200: json("The chain's answers under the client's ids", rpcAnswerSchema) },
    },
    {
      method: 'post',
      path: '/v1/bundler',
      summary: `An ERC-4337 bundler call or batch, forwarded to the bundler the chain's config names; only ${[...bundlerMethods].join(', ')} (any other answers -32601)`,
      auth: 'project',
      calledBy: ['modal'],
      query: z.object({ chainId: caipNetworkIdSchema, bundler: bundlerNameSchema }),
      body: { schema: jsonRpcBodySchema },
      responses: { 200: json("The bundler's answers under the client's ids", rpcAnswerSchema) },
    },
  ],
}
