/** The options analytics reads; a structural slice of the resolved createAppKit options. */
export type AnalyticsOptions = {
  features?: { analytics?: boolean | undefined } | undefined
  apiUrl?: string | undefined
  projectId?: string | undefined
}

/** Where analytics goes, if anywhere. */
export type AnalyticsTarget = { apiUrl: string; projectId: string }

/**
 * Analytics is opt-in twice over: the host must turn on `features.analytics` AND name its own api
 * (`apiUrl`, with the project id the api knows it by). Otherwise nothing is loaded and nothing is sent.
 */
export function analyticsTarget(options: AnalyticsOptions): AnalyticsTarget | undefined {
  const { features, apiUrl, projectId } = options
  return features?.analytics === true && apiUrl && projectId ? { apiUrl, projectId } : undefined
}
