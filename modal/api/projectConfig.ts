import * as z from 'zod/mini'
import type { ApiClient } from './client.js'

/** Most allowed origins one project may list; a longer answer is refused rather than matched against. */
export const MAX_ALLOWED_ORIGINS = 1000

export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'] as const

export const socialProviderSchema = z.enum(socialProviders)

export const remoteFeaturesSchema = z.object({
  email: z.boolean(),
  socials: z.union([z.literal(false), z.array(socialProviderSchema).check(z.maxLength(16))]),
  swaps: z.boolean(),
  onramp: z.boolean(),
  activity: z.boolean(),
  reownBranding: z.boolean(),
  multiWallet: z.boolean(),
})

export const projectConfigSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  basic: z.boolean(),
  features: remoteFeaturesSchema,
})

export const allowedOriginsSchema = z.object({
  origins: z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(MAX_ALLOWED_ORIGINS)),
})

export type ProjectConfig = z.output<typeof projectConfigSchema>

/** `GET /v1/project/config`: the project's name, basic mode and feature switches. */
export function fetchProjectConfig(api: ApiClient): Promise<ProjectConfig> {
  return api.get('/v1/project/config', {}, projectConfigSchema)
}

/** `GET /v1/project/origins`: the origins (exact, or wildcards such as `https://*.example.com`) allowed to use the project. */
export async function fetchAllowedOrigins(api: ApiClient): Promise<string[]> {
  const { origins } = await api.get('/v1/project/origins', {}, allowedOriginsSchema)
  return origins
}
