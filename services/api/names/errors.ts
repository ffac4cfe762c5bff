import { ApiError, type ApiErrorCode } from '../http/apiError.js'

export type NameReason = { name: string; description: string }

/**
 * A names answer: AppKit's `{ status, reasons: [{ name, description }] }` (the modal shows
 * `reasons[0].description`), beside the api's own `{ code, message }` so every client of the api reads it.
 */
export class NamesError extends ApiError {
  override name = 'NamesError'
  override toJSON(): { code: ApiErrorCode; message: string; status: number; reasons: NameReason[] } {
    return {
      ...super.toJSON(),
      status: this.status,
      reasons: [{ name: this.code, description: this.message }],
    }
  }
}

/** Why a names request was refused, with the texts the spec gives the modal. */
export const namesErrors = {
  invalidRequest: (description: string) => new NamesError(400, 'INVALID_REQUEST', description),
  tooShort: () => new NamesError(400, 'INVALID_NAME', 'Name must be at least 4 characters long'),
  tooLong: () => new NamesError(400, 'INVALID_NAME', 'Name must be at most 63 characters long'),
  invalidCharacters: () =>
    new NamesError(400, 'INVALID_NAME', 'Can only contain letters, numbers and - characters'),
  edgeHyphen: () => new NamesError(400, 'INVALID_NAME', 'Name cannot start or end with -'),
  wrongZone: (zone: string) => new NamesError(400, 'INVALID_NAME', `Name must end with .${zone}`),
  invalidChainId: () => new NamesError(400, 'INVALID_CHAIN_ID', 'Invalid chainId'),
  taken: () => new NamesError(409, 'NAME_TAKEN', 'Name is already taken'),
  alreadyOwns: () => new NamesError(409, 'NAME_ALREADY_OWNED', 'You already own a name'),
  invalidSignature: () => new NamesError(401, 'INVALID_SIGNATURE', 'Invalid signature'),
  messageExpired: () => new NamesError(401, 'MESSAGE_EXPIRED', 'Message expired'),
  notFound: () => new NamesError(404, 'NOT_FOUND', 'Name not found'),
  full: () => new NamesError(503, 'UNAVAILABLE', 'No more names can be registered'),
  projectFull: (maxNames: number) =>
    new NamesError(403, 'QUOTA_EXCEEDED', `This project has registered its ${maxNames} names`),
  clientFull: (maxNames: number) =>
    new NamesError(
      403,
      'QUOTA_EXCEEDED',
      `This client has registered its ${maxNames} names through this project`,
    ),
  clientLimited: (retryAfterSeconds: number) =>
    new NamesError(429, 'RATE_LIMITED', 'Too many names registered from this client; try again later', {
      'retry-after': String(retryAfterSeconds),
    }),
}
