import { z } from 'zod'

/**
 * A Farcaster username: an fname (1 to 16 lowercase letters, digits or hyphens, not starting with a
 * hyphen), or an onchain name of the same form ending in `.eth` or, as a Basename, `.base.eth`.
 */
const usernameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,15}((\.base)?\.eth)?$/)

/**
 * Our own cleaning of a display name (hubs only cap its length, at 32 bytes; 64 characters leaves room
 * for a relay that counts otherwise): letters, marks, digits, punctuation, symbols and spaces, at least
 * one of them visible, so no control or format characters (bidi overrides, invisible ones) and no line
 * breaks, which would garble where it is shown. Left out too: the fillers that draw nothing though they
 * count as letters or symbols (Hangul fillers, the blank braille cell), the ideographic variation
 * selectors and runs of more than four marks, which hide text or stack it over the line. The format
 * characters writing needs are let in only where it needs them: the zero-width joiner (emoji such as 👩‍💻),
 * the non-joiner between letters (Persian and Indic words), and tag characters only as a subdivision flag's
 * (🏴󠁧󠁢󠁳󠁣󠁴󠁿: a region and up to three letters or digits), since anywhere else they spell out text nobody sees.
 */
const displayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(
    /^(?!.*(?:\u115F|\u1160|[\u3164\uFFA0\u2800]|[\u{E0100}-\u{E01EF}]))(?!.*\p{M}{5})(?=.*[\p{L}\p{N}\p{P}\p{S}])(?:[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]|\u200D|(?<=[\p{L}\p{M}])\u200C(?=[\p{L}\p{M}])|(?<=\u{1F3F4})[\u{E0061}-\u{E007A}]{2}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,3}\u{E007F})+$/u,
  )

export type RelayProfile = { username: string | undefined; displayName: string | undefined }

/**
 * The names a relay reports with a completed channel, each kept only if it passes the checks above.
 * One that fails, or is missing, is left out rather than the login refused: the relay is trusted with
 * nothing of who signs in (the signature proves the fid), so a relay's bad name costs the login its
 * name, not the account its access.
 */
export function relayProfile(reported: { username?: unknown; displayName?: unknown }): RelayProfile {
  const username = usernameSchema.safeParse(reported.username)
  const displayName = displayNameSchema.safeParse(reported.displayName)
  return {
    username: username.success ? username.data : undefined,
    displayName: displayName.success ? displayName.data : undefined,
  }
}
