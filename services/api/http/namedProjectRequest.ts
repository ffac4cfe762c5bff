import type { ApiRequest } from './types.js'

/**
 * What the project guard reads of a request for one of the api's own pages, whose URL names no project
 * (the onramp's checkout): the project its signed quote or order names, no Origin (the page is the
 * api's, not a dapp's), and the page request's client, counted in that project's per-client budget.
 */
export function namedProjectRequest(
  projectId: string,
  client: string,
): Pick<ApiRequest, 'query' | 'header' | 'client'> {
  return new NamedProjectRequest(projectId, client)
}

class NamedProjectRequest implements Pick<ApiRequest, 'query' | 'header' | 'client'> {
  constructor(
    private readonly projectId: string,
    private readonly address: string,
  ) {}

  query(): Record<string, string>
  query(name: string): string | undefined
  query(name?: string): Record<string, string> | string | undefined {
    if (name === undefined) return { projectId: this.projectId }
    return name === 'projectId' ? this.projectId : undefined
  }

  header(): undefined {
    return undefined
  }

  client(): string {
    return this.address
  }
}
