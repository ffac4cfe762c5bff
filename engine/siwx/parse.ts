import { checkSignInFields } from './checkFields.js'
import { SiwxMessageError } from './errors.js'
import { FIELD_LABELS, RESOURCES_LABEL } from './layout.js'
import { SIGN_IN_PROFILES, type SignInProfile } from './profiles.js'
import type { SignInFields, SiwxNamespace } from './types.js'

const isFieldLine = (line: string): boolean =>
  line === RESOURCES_LABEL || FIELD_LABELS.some(([, label]) => line.startsWith(`${label}: `))

function readHeader(line: string, profile: SignInProfile): Pick<SignInFields, 'scheme' | 'domain'> {
  const suffix = ` wants you to sign in with your ${profile.blockchain} account:`
  if (!line.endsWith(suffix)) {
    throw new SiwxMessageError(`The first line must end with "${suffix.slice(1)}"`, 'domain')
  }
  const authority = line.slice(0, -suffix.length)
  const separator = authority.indexOf('://')
  if (separator === -1) return { domain: authority }
  return { scheme: authority.slice(0, separator), domain: authority.slice(separator + 3) }
}

/** The field block: known labels in order, each at most once, then optionally `Resources:` and its items. */
function readFieldBlock(lines: string[], fields: SignInFields): void {
  let next = 0
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    if (line === RESOURCES_LABEL) {
      fields.resources = lines.slice(index + 1).map((item) => {
        if (!item.startsWith('- '))
          throw new SiwxMessageError('Each resource is a line "- <URI>"', 'resources')
        return item.slice(2)
      })
      return
    }
    const position = FIELD_LABELS.findIndex(([, label]) => line.startsWith(`${label}: `))
    const entry = FIELD_LABELS[position]
    if (entry === undefined)
      throw new SiwxMessageError(`Unexpected line in the field block: "${line.slice(0, 40)}"`)
    const [key, label] = entry
    if (position < next) throw new SiwxMessageError(`Message field ${key} is repeated or out of order`, key)
    next = position + 1
    fields[key] = line.slice(label.length + 2)
  }
}

// EIP-4361: address, blank, optional statement, blank, fields (three line feeds when no statement).
function readEip4361Body(lines: string[], fields: SignInFields): void {
  if (lines[0] !== '') throw new SiwxMessageError('A blank line must follow the address', 'address')
  if (lines[1] === undefined) throw new SiwxMessageError('The message ends after the address', 'uri')
  let start = 2
  if (lines[1] !== '') {
    fields.statement = lines[1]
    if (lines[2] !== '')
      throw new SiwxMessageError('Statement must be one line followed by a blank line', 'statement')
    start = 3
  }
  readFieldBlock(lines.slice(start), fields)
}

// SIWS: optional blank + statement, optional blank + field block.
function readSiwsBody(lines: string[], fields: SignInFields): void {
  if (lines.length === 0) return
  if (lines[0] !== '') throw new SiwxMessageError('A blank line must follow the address', 'address')
  if (lines.length === 1) throw new SiwxMessageError('The message ends with a line feed', 'address')
  const statementOnly = lines.length === 2 && !isFieldLine(lines[1] as string)
  if (statementOnly || lines[2] === '') {
    fields.statement = lines[1]
    if (statementOnly) return
    if (lines.length === 3) throw new SiwxMessageError('The message ends with a blank line', 'statement')
    readFieldBlock(lines.slice(3), fields)
    return
  }
  readFieldBlock(lines.slice(1), fields)
}

/**
 * Reads a sign-in message strictly by its format's ABNF (EIP-4361 for eip155, SIWS for solana, the
 * EIP-4361 template for bip122): exact line structure, fields in order and at most once, every value
 * checked against its grammar. Throws SiwxMessageError naming the first bad field.
 */
export function parseSiwxMessage(message: string, namespace: SiwxNamespace): SignInFields {
  const profile = SIGN_IN_PROFILES[namespace]
  if (profile === undefined)
    throw new SiwxMessageError(`No sign-in format for namespace ${namespace}`, 'chainId')
  const [header = '', address, ...body] = message.split('\n')
  const fields: SignInFields = { ...readHeader(header, profile), address: address ?? '' }
  if (address === undefined) throw new SiwxMessageError('The message has no address line', 'address')
  if (profile.style === 'eip4361') readEip4361Body(body, fields)
  else readSiwsBody(body, fields)
  checkSignInFields(fields, profile, 'address', false)
  return fields
}
