/** The spec's §8 name errors (and the name rule's texts), one code each, in English. */
export const namesErrorTexts = {
  TOO_SHORT: 'Name must be at least 4 characters long',
  INVALID_CHARACTERS: 'Can only contain letters, numbers and - characters',
  ALREADY_OWNS: 'You already own a name',
  INVALID_CHAIN_ID: 'Invalid chainId',
  RESOLVE_FAILED: 'Error resolving name',
  SUGGESTIONS_FAILED: 'Error fetching name suggestions',
  REVERSE_FAILED: 'Error fetching names for address',
  REGISTER_FAILED: 'Error registering name {name}',
  NETWORK_NOT_FOUND: 'Network not found',
  NO_AUTH_ACCOUNT: 'Address or auth connector not found',
} as const

export type NamesErrorCode = keyof typeof namesErrorTexts

/**
 * A names failure. `reason` is the service's own words (its first reason's description), which then are
 * the message; otherwise the message is the code's text with `{name}` filled in.
 */
export class NamesError extends Error {
  override name = 'NamesError'
  readonly code: NamesErrorCode
  readonly reason: string | undefined
  readonly params: { name?: string }

  constructor(code: NamesErrorCode, options: { reason?: string; name?: string; cause?: unknown } = {}) {
    super(
      options.reason ?? namesErrorTexts[code].replace('{name}', options.name ?? ''),
      options.cause === undefined ? undefined : { cause: options.cause },
    )
    this.code = code
    this.reason = options.reason
    this.params = options.name === undefined ? {} : { name: options.name }
  }
}
