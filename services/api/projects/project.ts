import { featuresOff } from '@pairwise/common'
import { z } from 'zod'
import { withoutNul } from '../../kit/index.js'
import type { Project } from '../http/types.js'
import { isOriginPattern } from './originMatcher.js'
import { wildcardUnderPublicSuffix } from './publicSuffixWildcard.js'

/** The social providers the spec names (§5). */
export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'] as const

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600
export const MAX_ALLOWED_ORIGINS = 100
/** Most chains a project may turn smart accounts on for. */
export const MAX_SMART_ACCOUNT_NETWORKS = 32

export const projectIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only, at most 64')

export const originPatternSchema = z
  .string()
  .max(300)
  .refine(isOriginPattern, 'not an origin or origin pattern (scheme://host[:port], *. and :* allowed)')
  .refine(
    (pattern) => !wildcardUnderPublicSuffix(pattern),
    "a wildcard right under a public suffix admits anyone's site there; name a domain of yours (https://*.example.co.uk) or an exact origin",
  )

export const featuresSchema = z.strictObject({
  email: z.boolean(),
  socials: z.union([z.literal(false), z.array(z.enum(socialProviders)).max(socialProviders.length)]),
  swaps: z.boolean(),
  onramp: z.boolean(),
  activity: z.boolean(),
  reownBranding: z.boolean(),
  multiWallet: z.boolean(),
})

export type Features = Project['features']

/**
 * The EIP-155 chains whose embedded wallet may act as a smart account (FRAME-13): each a positive safe
 * integer, once. The frame offers it only where the operator also runs a bundler for that chain.
 */
export const smartAccountNetworksSchema = z
  .array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
  .max(MAX_SMART_ACCOUNT_NETWORKS)
  .refine((chainIds) => new Set(chainIds).size === chainIds.length, 'a chain is listed twice')

/** A project as the store and the admin routes see it: the routes' view plus its rate limit and times. */
export type StoredProject = Project & {
  rateLimitPerMinute: number
  /** The chains with smart accounts on; none in a new project. */
  smartAccountNetworks: number[]
  /** Unix milliseconds. */
  createdAt: number
  updatedAt: number
}

/**
 * Every feature off: what a new project starts with (the operator turns on what it uses), what a flag
 * added in a later version is in rows written before it, and what basic mode offers (ROLE-11).
 */
export const noFeatures: Features = featuresOff

const editable = {
  name: z.string().trim().min(1).max(100).check(withoutNul),
  allowedOrigins: z.array(originPatternSchema).max(MAX_ALLOWED_ORIGINS),
  basic: z.boolean(),
  features: featuresSchema.partial(),
  rateLimitPerMinute: z.number().int().min(1).max(1_000_000),
  smartAccountNetworks: smartAccountNetworksSchema,
}

/** A change to a project: any of its editable fields; `features` merges into the current ones. */
export const projectPatchSchema = z.strictObject(editable).partial()
export type ProjectPatch = z.output<typeof projectPatchSchema>

/** A new project: a name, the rest optional (an id is generated when none is given). */
export const newProjectSchema = projectPatchSchema.extend({
  id: projectIdSchema.optional(),
  name: editable.name,
})
export type NewProject = z.output<typeof newProjectSchema>

/** A new project is closed until the operator opens it: no page may use it, no feature is on. */
export const newProjectDefaults = {
  allowedOrigins: [] as readonly string[],
  basic: false,
  features: noFeatures,
  rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE,
  smartAccountNetworks: [] as readonly number[],
} as const

/** The features a client may use: in basic mode every remote feature is off (ROLE-11). */
export function effectiveFeatures(project: Pick<Project, 'basic' | 'features'>): Features {
  return project.basic ? noFeatures : project.features
}
