import { z } from 'zod'
import { channelStatusAnswer } from '../../farcasterRelay/protocol.js'

const [pending, completed] = channelStatusAnswer.options

/**
 * A relay's status answer as this service reads it: the protocol's, but a completed channel's profile
 * is not held to it. The login needs only what the Farcaster app signed; the names are checked by
 * relayProfile.ts, which leaves out whatever fails (missing, null or malformed alike), and the rest of
 * the profile (bio, picture, custody) this service never uses. So an account without a username, or a
 * relay that did not look one up, costs the login its name rather than failing it as out of protocol.
 */
export const relayStatusAnswer = z.discriminatedUnion('state', [
  pending,
  completed
    .omit({ username: true, displayName: true, bio: true, pfpUrl: true, custody: true })
    .extend({ username: z.unknown(), displayName: z.unknown() }),
])

export type RelayStatus = z.output<typeof relayStatusAnswer>
export type CompletedRelayStatus = Extract<RelayStatus, { state: 'completed' }>
