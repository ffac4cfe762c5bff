import { z } from 'zod'

/**
 * The relay channel API's bodies and answers, as Farcaster's relay and its clients (auth-client, the
 * Farcaster apps) speak them; every field bounded.
 */
const text = (max: number) => z.string().max(max)
/** SIWE nonces are alphanumeric, 8 characters at least (EIP-4361). */
export const channelNonceSchema = z.string().regex(/^[A-Za-z0-9]{8,64}$/, '8 to 64 letters or digits')
const isoTime = z.iso.datetime({ offset: true })

export const createChannelBody = z.strictObject({
  siweUri: z.url().max(300),
  domain: z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/, 'a host name, with a port if any'),
  nonce: channelNonceSchema.optional(),
  notBefore: isoTime.optional(),
  expirationTime: isoTime.optional(),
  requestId: text(128).optional(),
  redirectUrl: z.url().max(300).optional(),
  acceptAuthAddress: z.boolean().optional(),
})

export const authenticateBody = z.strictObject({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]{2,4096}$/, 'a hex signature'),
  fid: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  username: text(64),
  displayName: text(128).optional(),
  bio: text(1024).optional(),
  pfpUrl: z.url().max(1024).optional(),
})

export type CreateChannelBody = z.output<typeof createChannelBody>
