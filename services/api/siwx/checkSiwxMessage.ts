import { formatAuthMessage } from '@pairwise/engine'
import type { SIWXSession } from '@pairwise/engine/siwx'
import { matchSiwxMessage, SiwxMessageError } from '@pairwise/engine/siwx'
import { originAllowed } from '../projects/originMatcher.js'
import { siwxErrors } from './errors.js'
import { siwxLimits } from './limits.js'

export type MessageCheckContext = {
  /** The project's allowed origin patterns. */
  allowedOrigins: readonly string[]
  /** The request's Origin header, when the client sent one. */
  origin: string | undefined
  /** CAIP-2 ids sign-in is accepted on. */
  chains: ReadonlySet<string>
  now: number
}

const namespaces = new Set(['eip155', 'solana', 'bip122'])
// The signature types one-click auth's CACAOs carry that the eip155 verifier checks.
const cacaoSignatureTypes = new Set(['eip191', 'eip1271'])

function checkText(session: SIWXSession) {
  try {
    matchSiwxMessage(session.message, session.data)
  } catch (error) {
    if (error instanceof SiwxMessageError) throw siwxErrors.invalidMessage(error.message)
    throw error
  }
}

function timeOf(field: string, value: string): number {
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw siwxErrors.invalidMessage(`Message field ${field} is not a date`)
  return ms
}

function checkUri(uriText: string, domain: string, context: MessageCheckContext) {
  let uri: URL
  try {
    uri = new URL(uriText)
  } catch {
    throw siwxErrors.uriMismatch('Message uri is not an absolute URI')
  }
  if (uri.host !== domain)
    throw siwxErrors.uriMismatch(`Message uri ${uri.origin} is not on the domain ${domain}`)
  if (!originAllowed(uri.origin, context.allowedOrigins))
    throw siwxErrors.uriMismatch(`Message uri ${uri.origin} is not an allowed origin of this project`)
  if (context.origin !== undefined && uri.origin !== context.origin)
    throw siwxErrors.uriMismatch(`Message uri ${uri.origin} is not the requesting origin ${context.origin}`)
}

function checkCacao(session: SIWXSession) {
  const { cacao, data, signature } = session
  if (!cacao) return
  if (!cacaoSignatureTypes.has(cacao.s.t))
    throw siwxErrors.invalidMessage(`CACAO signature type ${cacao.s.t} is not eip191 or eip1271`)
  if (cacao.s.s !== signature)
    throw siwxErrors.invalidMessage('CACAO signature differs from the session signature')
  if (cacao.p.nonce !== data.nonce || cacao.p.domain !== data.domain)
    throw siwxErrors.invalidMessage('CACAO payload does not match the message data')
  // The CACAO must be the very text signed, so its issuer is the data's account on the data's chain.
  if (cacaoText(cacao) !== session.message)
    throw siwxErrors.invalidMessage('CACAO payload is not the signed message')
}

function cacaoText(cacao: NonNullable<SIWXSession['cacao']>): string | undefined {
  try {
    return formatAuthMessage(cacao.p, cacao.p.iss)
  } catch {
    return undefined
  }
}

/**
 * Everything about a sign-in but its nonce and signature, in the contract's order (the version first):
 * version 1, the text is the data's (strict parse, every field compared), its domain is one the project
 * allows, its uri is on that domain and the requesting origin, the chain is served, issued within ±5
 * minutes, not expired, not before its notBefore. Resolves to when the session would end: min(expirationTime, 7 d).
 */
export function checkSiwxMessage(session: SIWXSession, context: MessageCheckContext): { expiresAt: number } {
  const { data } = session
  const namespace = data.chainId.slice(0, data.chainId.indexOf(':'))
  if (!namespaces.has(namespace)) throw siwxErrors.unsupportedChain(data.chainId)
  // Before the text is read: every format's grammar admits only version 1, so the parse would hide why.
  if (data.version !== '1') throw siwxErrors.unsupportedVersion(data.version)
  checkText(session)
  // The data has no scheme, so neither has a matching message: the domain may be served on either.
  const servedOn = (scheme: string) => originAllowed(`${scheme}://${data.domain}`, context.allowedOrigins)
  if (!servedOn('https') && !servedOn('http')) throw siwxErrors.domainNotAllowed(data.domain)
  checkUri(data.uri, data.domain, context)
  if (!context.chains.has(data.chainId)) throw siwxErrors.unsupportedChain(data.chainId)

  if (data.issuedAt === undefined) throw siwxErrors.invalidMessage('Message field issuedAt is required')
  if (Math.abs(context.now - timeOf('issuedAt', data.issuedAt)) > siwxLimits.issuedAtSkewMs)
    throw siwxErrors.issuedAtSkew()
  const expiresAt =
    data.expirationTime === undefined ? Infinity : timeOf('expirationTime', data.expirationTime)
  if (expiresAt <= context.now) throw siwxErrors.messageExpired()
  if (data.notBefore !== undefined && timeOf('notBefore', data.notBefore) > context.now)
    throw siwxErrors.notYetValid()
  checkCacao(session)
  return { expiresAt: Math.min(expiresAt, context.now + siwxLimits.sessionLifeMs) }
}
