import { siwxMessageDataSchema, siwxSessionSchema } from '@pairwise/engine/siwx'
import { z } from 'zod'
import { withoutNul } from '../../kit/index.js'
import { storedAddress } from './acceptSignIn.js'
import { siwxLimits } from './limits.js'

const cacaoSchema = siwxSessionSchema.shape.cacao.def.innerType
const cacaoMetadata = z.string().max(siwxLimits.cacaoMetadataChars)

/** A session as a client sends it (POST body, PUT item): the shared schema with the caps on what it may carry. */
export const siwxSessionBodySchema = z.object({
  ...siwxSessionSchema.shape,
  data: z.object({
    ...siwxMessageDataSchema.shape,
    resources: z.array(z.string()).max(siwxLimits.resources).optional(),
  }),
  message: z.string().min(1).max(siwxLimits.messageChars),
  signature: z.string().min(1).max(siwxLimits.signatureChars),
  // The payload must format to the message and `s.s` equal the signature (checkSiwxMessage), but the
  // header type and signature metadata are stored as sent: the type is one of the two the message format
  // has had (CAIP-74's caip122, its older eip4361), and uncapped metadata could carry the whole body.
  cacao: z
    .object({
      ...cacaoSchema.shape,
      h: z.object({ t: z.enum(['caip122', 'eip4361']) }),
      s: z.object({ ...cacaoSchema.shape.s.shape, m: cacaoMetadata.optional() }),
    })
    .optional(),
})

/**
 * PUT's sessions, each for a chain and address of its own: sessions sharing a nonce (one-click sign-in signs
 * one message per chain) are checked one by one, and a body repeating one pair would buy that many
 * signature checks, chain calls included, for one nonce.
 */
export const siwxSessionsBodySchema = z
  .array(siwxSessionBodySchema)
  .max(siwxLimits.sessionsPerHolder)
  .refine(
    (sessions) =>
      new Set(
        sessions.map(({ data }) => `${data.chainId} ${storedAddress(data.chainId, data.accountAddress)}`),
      ).size === sessions.length,
    'two sessions for one chain and address',
  )

export const authQuerySchema = z.object({ auth: z.enum(['cookie', 'bearer']).default('cookie') })

/** GET and DELETE /siwx/sessions: exactly one chain and address. */
export const pairQuerySchema = z.object({
  chainId: siwxMessageDataSchema.shape.chainId,
  // Looked up as given: PostgreSQL fails a lookup binding U+0000.
  address: z.string().min(1).max(128).check(withoutNul),
})
