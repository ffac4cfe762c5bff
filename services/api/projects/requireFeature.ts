import { ApiError } from '../http/apiError.js'
import type { Project } from '../http/types.js'
import { effectiveFeatures } from './project.js'

/**
 * What a module's routes need of their project. Onramp, swaps and activity have their own switch (off in
 * basic mode too). Names and analytics have none in the project's features (spec §6 lists email, socials,
 * swaps, onramp, activity, reownBranding and multiWallet): they are remote features all the same, so
 * basic mode, which turns every remote feature off, turns them off.
 */
const needs = {
  onramp: {
    on: (project: Project) => effectiveFeatures(project).onramp,
    message: 'Onramp is not enabled for this project',
  },
  swaps: {
    on: (project: Project) => effectiveFeatures(project).swaps,
    message: 'Swaps are not enabled for this project',
  },
  activity: {
    on: (project: Project) => effectiveFeatures(project).activity,
    message: 'Activity is not enabled for this project',
  },
  names: {
    on: (project: Project) => !project.basic,
    message: 'Names are not available to a project in basic mode',
  },
  analytics: {
    on: (project: Project) => !project.basic,
    message: 'Analytics are not available to a project in basic mode',
  },
} as const

export type ProjectFeature = keyof typeof needs

/** The project, when `feature` is on for it; else 403 FEATURE_DISABLED naming the feature. */
export function requireFeature(project: Project, feature: ProjectFeature): Project {
  const need = needs[feature]
  if (!need.on(project)) throw new ApiError(403, 'FEATURE_DISABLED', need.message)
  return project
}
