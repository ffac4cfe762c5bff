import type { AuthPayload, Cacao } from '../schemas/index.js'
import { didAddress, didChainId } from './did.js'
import { isEvmAddress, recoverPersonalSignAddress } from './eip191.js'
import { formatAuthMessage } from './message.js'

/**
 * Whether a CACAO's signature is its issuer's. EIP-191 signatures are checked here, offline. EIP-1271
 * (contract wallets) needs the chain and is refused: a signature we cannot check is not a valid one.
 */
export async function verifyCacaoSignature(cacao: Cacao): Promise<boolean> {
  const address = didAddress(cacao.p.iss)
  if (address === undefined || !isEvmAddress(address)) return false
  if (cacao.s.t !== 'eip191') return false
  let message: string
  try {
    message = formatAuthMessage(cacao.p, cacao.p.iss)
  } catch {
    return false
  }
  return recoverPersonalSignAddress(message, cacao.s.s) === address.toLowerCase()
}

/**
 * Whether a CACAO answers the request we sent (a valid signature alone could be for another site):
 * same domain, nonce and audience, a requested chain, and inside its validity window.
 */
export function checkCacaoBinding(cacao: Cacao, request: AuthPayload, now: number): string | undefined {
  const { p } = cacao
  if (p.domain !== request.domain) return `domain mismatch: requested ${request.domain}, got ${p.domain}`
  if (p.nonce !== request.nonce) return `nonce mismatch: requested ${request.nonce}, got ${p.nonce}`
  if (request.aud && p.aud !== request.aud) return `aud mismatch: requested ${request.aud}, got ${p.aud}`
  const chain = didChainId(p.iss)
  if (request.chains.length > 0 && (chain === undefined || !request.chains.includes(chain))) {
    return `cacao issued for chain ${chain} which was not requested`
  }
  if (p.exp) {
    const exp = Date.parse(p.exp)
    if (Number.isNaN(exp)) return `malformed exp: ${p.exp}`
    if (exp < now) return 'cacao has expired'
  }
  if (p.nbf) {
    const nbf = Date.parse(p.nbf)
    if (Number.isNaN(nbf)) return `malformed nbf: ${p.nbf}`
    if (nbf > now) return 'cacao is not yet valid'
  }
  return undefined
}

/** For wallets: the CACAO for a request payload, its signature and the signer (`eip155:1:0x…`). */
export function buildAuthObject(request: AuthPayload, signature: Cacao['s'], iss: string): Cacao {
  const issuer = iss.startsWith('did:pkh:') ? iss : `did:pkh:${iss}`
  const p: Cacao['p'] = {
    iss: issuer,
    domain: request.domain,
    aud: request.aud,
    version: request.version,
    nonce: request.nonce,
    iat: request.iat,
    ...(request.statement === undefined ? {} : { statement: request.statement }),
    ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
    ...(request.resources === undefined ? {} : { resources: request.resources }),
    ...(request.nbf === undefined ? {} : { nbf: request.nbf }),
    ...(request.exp === undefined ? {} : { exp: request.exp }),
  }
  return { h: { t: 'caip122' }, p, s: signature }
}
