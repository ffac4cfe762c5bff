import { ApiError } from '../http/apiError.js'

/** Why a sign-in was refused, as the routes answer it. */
export const siwxErrors = {
  invalidMessage: (message: string) => new ApiError(400, 'INVALID_MESSAGE', message),
  domainNotAllowed: (domain: string) =>
    new ApiError(
      403,
      'DOMAIN_NOT_ALLOWED',
      `Message domain ${domain} is not an allowed origin of this project`,
    ),
  uriMismatch: (message: string) => new ApiError(400, 'URI_MISMATCH', message),
  unsupportedChain: (chainId: string) =>
    new ApiError(400, 'UNSUPPORTED_CHAIN', `Sign-in is not supported on chain ${chainId}`),
  unsupportedVersion: (version: string) =>
    new ApiError(400, 'UNSUPPORTED_VERSION', `Message version ${version} is not supported (only 1)`),
  issuedAtSkew: () =>
    new ApiError(400, 'ISSUED_AT_SKEW', 'Message issuedAt is more than 5 minutes from the server time'),
  messageExpired: () => new ApiError(401, 'MESSAGE_EXPIRED', 'Message has expired'),
  notYetValid: () => new ApiError(401, 'MESSAGE_NOT_YET_VALID', 'Message is not valid yet (notBefore)'),
  nonceInvalid: () => new ApiError(401, 'NONCE_INVALID', 'Nonce is unknown, used or expired'),
  invalidSignature: () =>
    new ApiError(401, 'INVALID_SIGNATURE', 'Signature does not match the message and address'),
  notSignedIn: () => new ApiError(401, 'NOT_SIGNED_IN', 'Not signed in'),
}
