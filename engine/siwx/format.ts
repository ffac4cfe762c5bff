import { siwxChainReference, siwxNamespace } from './chainReference.js'
import { checkSignInFields } from './checkFields.js'
import { isHexAddress, toChecksumAddress } from './eip55.js'
import { SiwxMessageError } from './errors.js'
import { layoutSignInMessage } from './layout.js'
import { SIGN_IN_PROFILES } from './profiles.js'
import type { SIWXMessageData, SignInFields } from './types.js'

const present = (value: string | undefined): string | undefined => (value === '' ? undefined : value)

// EIP-55 form of an eip155 address; a mixed-case address with a wrong checksum is refused, not repaired.
function eip155Address(address: string): string {
  if (!isHexAddress(address)) return address
  const checksummed = toChecksumAddress(address)
  const hex = address.slice(2)
  const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase()
  if (!singleCase && checksummed !== address) {
    throw new SiwxMessageError('Address has a wrong EIP-55 checksum', 'accountAddress')
  }
  return checksummed
}

/** The fields a message for `data` carries, checked against the format's grammar. */
export function signInFieldsFromData(data: SIWXMessageData): SignInFields {
  const namespace = siwxNamespace(data.chainId)
  const text = (value: unknown, field: string): string => {
    if (typeof value !== 'string' || value === '') throw new SiwxMessageError(`${field} is required`, field)
    return value
  }
  const accountAddress = text(data.accountAddress, 'accountAddress')
  const fields: SignInFields = {
    domain: text(data.domain, 'domain'),
    address: namespace === 'eip155' ? eip155Address(accountAddress) : accountAddress,
    statement: present(data.statement),
    uri: text(data.uri, 'uri'),
    version: text(data.version, 'version'),
    chainId: siwxChainReference(data.chainId),
    nonce: text(data.nonce, 'nonce'),
    issuedAt: present(data.issuedAt),
    expirationTime: present(data.expirationTime),
    notBefore: present(data.notBefore),
    requestId: present(data.requestId),
    resources: data.resources?.length ? data.resources : undefined,
  }
  checkSignInFields(fields, SIGN_IN_PROFILES[namespace], 'accountAddress', true)
  return fields
}

/**
 * The text a wallet signs for `data`, in its chain namespace's format: EIP-4361 (eip155), SIWS (solana),
 * the EIP-4361 template with "Bitcoin account" (bip122). Throws SiwxMessageError naming the bad field.
 */
export function formatSiwxMessage(data: SIWXMessageData): string {
  const profile = SIGN_IN_PROFILES[siwxNamespace(data.chainId)]
  return layoutSignInMessage(signInFieldsFromData(data), profile.blockchain, profile.style)
}
