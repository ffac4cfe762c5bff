import { z } from 'zod'
import { withoutNul } from '../../kit/index.js'
import type { SocialProviderName } from './providerConfig.js'

/**
 * What a social login learns of its user: the provider's stable subject and, when the provider says so,
 * a verified email. An unverified email is kept as unverified and never trusted (research §4.1).
 */
export type SocialIdentity = {
  provider: SocialProviderName
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
}

const subject = z.string().min(1).max(255)
const email = z.string().max(254)
// Kept as the identity's name: PostgreSQL's TEXT cannot hold U+0000 (Apple's name comes from the browser).
const name = z.string().max(200).check(withoutNul)
/** Apple sends `email_verified` as a boolean or as the string "true"/"false". */
const verifiedFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((flag) => flag === 'true')])

/** The claims of a validated ID token (Google, Apple). */
export const idTokenClaims = z.looseObject({
  sub: subject,
  email: email.optional(),
  email_verified: verifiedFlag.optional(),
  name: name.optional(),
})

/** Apple's `user` form field, sent with the first authorization only: the name is nowhere else. */
export const appleUserField = z.looseObject({
  name: z.looseObject({ firstName: name.optional(), lastName: name.optional() }).optional(),
})

export function identityFromIdToken(
  provider: 'google' | 'apple',
  claims: z.output<typeof idTokenClaims>,
  firstLoginName?: string,
): SocialIdentity {
  const emailVerified = claims.email !== undefined && claims.email_verified === true
  return {
    provider,
    subject: claims.sub,
    email: claims.email?.toLowerCase() ?? null,
    emailVerified,
    name: claims.name ?? firstLoginName ?? null,
  }
}

/** A number or numeric string id, as the APIs send them, kept as text. */
const numericId = z
  .union([z.number().int().nonnegative(), z.string().regex(/^[0-9]{1,30}$/)])
  .transform(String)

const githubUser = z.looseObject({ id: numericId, login: name, name: name.nullable().optional() })
const githubEmails = z.array(z.looseObject({ email, primary: z.boolean(), verified: z.boolean() })).max(100)
const facebookMe = z.looseObject({ id: numericId, name: name.optional(), email: email.optional() })
const xMe = z.looseObject({ data: z.looseObject({ id: numericId, name: name.optional(), username: name }) })
const discordMe = z.looseObject({
  id: numericId,
  username: name,
  global_name: name.nullable().optional(),
  email: email.nullable().optional(),
  verified: z.boolean().optional(),
})

/** Reads a JSON resource of the provider with the user's access token. */
export type ResourceReader = (path: string) => Promise<unknown>

/**
 * The user of a plain OAuth 2 provider, from its API: GitHub's verified primary email, Facebook's email
 * (Graph says nothing of verification, so it is never trusted), X without email, Discord's `verified`.
 */
export async function identityFromApi(
  provider: 'github' | 'facebook' | 'x' | 'discord',
  read: ResourceReader,
): Promise<SocialIdentity> {
  switch (provider) {
    case 'github': {
      const user = githubUser.parse(await read('/user'))
      const primary = githubEmails
        .parse(await read('/user/emails'))
        .find((each) => each.primary && each.verified)
      return {
        provider,
        subject: user.id,
        email: primary?.email.toLowerCase() ?? null,
        emailVerified: primary !== undefined,
        name: user.name ?? user.login,
      }
    }
    case 'facebook': {
      const me = facebookMe.parse(await read('/me?fields=id,name,email'))
      return {
        provider,
        subject: me.id,
        email: me.email?.toLowerCase() ?? null,
        emailVerified: false,
        name: me.name ?? null,
      }
    }
    case 'x': {
      const { data } = xMe.parse(await read('/2/users/me'))
      return {
        provider,
        subject: data.id,
        email: null,
        emailVerified: false,
        name: data.name ?? data.username,
      }
    }
    case 'discord': {
      const me = discordMe.parse(await read('/users/@me'))
      const mail = me.email ?? null
      return {
        provider,
        subject: me.id,
        email: mail?.toLowerCase() ?? null,
        emailVerified: mail !== null && me.verified === true,
        name: me.global_name ?? me.username,
      }
    }
  }
}
