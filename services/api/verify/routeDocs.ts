import { VERIFY_FRAME_PATH } from '@pairwise/engine'
import { z } from 'zod'
import { json, type ModuleDocs, page } from '../openapi/routeDoc.js'
import { frameQuery, hex64, lookupQuery, registration } from './routes.js'

export const publicKeyAnswerSchema = z.object({
  publicKey: z.looseObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }),
  expiresAt: z.number().describe('Unix seconds.'),
})

export const attestationLookupAnswerSchema = z.object({ origin: z.string(), isScam: z.boolean() })

export const attestationAnswerSchema = z.object({
  attestation: z
    .string()
    .nullable()
    .describe('An ES256 JWT `{ id, origin, isScam, isVerified, exp }` about `id`; null without an `id`.'),
})

export const verifyDocs: ModuleDocs = {
  tag: 'verify',
  description:
    "The verify service: which origin a request came from, for wallets. Public, no project's CORS.",
  routes: [
    {
      method: 'get',
      path: '/v3/public-key',
      summary: "The attestations' current P-256 public key",
      auth: 'none',
      calledBy: ['engine', 'wallets'],
      responses: { 200: json('The key', publicKeyAnswerSchema) },
    },
    {
      method: 'get',
      path: '/attestation/{hash}',
      summary: 'The origin a request hash was registered from (404 when nothing fresh is known)',
      auth: 'none',
      calledBy: ['engine', 'wallets'],
      params: z.object({ hash: hex64 }),
      query: lookupQuery,
      responses: { 200: json('The origin', attestationLookupAnswerSchema) },
    },
    {
      method: 'get',
      path: VERIFY_FRAME_PATH,
      summary:
        'The verify frame for a page on `origin`: only that origin may frame it; it carries a one-time challenge',
      auth: 'none',
      calledBy: ['engine'],
      query: frameQuery,
      responses: { 200: page('The frame page') },
    },
    {
      method: 'post',
      path: '/attestation',
      summary: "The verify frame's own registration of a message's hashes (same-origin only)",
      auth: 'none',
      calledBy: ['api pages'],
      body: { schema: registration },
      responses: { 200: json('The attestation', attestationAnswerSchema) },
    },
  ],
}
