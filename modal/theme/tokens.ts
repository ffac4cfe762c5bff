import type * as z from 'zod/mini'
import type { themeVariablesSchema } from '../controllers/options.js'

export type ThemeVariables = z.infer<typeof themeVariablesSchema>

/** CONST-01: overlay fade, card entrance, view change. */
export const animationMs = { overlay: 120, card: 150, view: 150 } as const
