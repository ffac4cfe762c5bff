import type { AuthPayload, Cacao } from '../schemas/index.js'
import { setFields } from '../setFields.js'
import { didAddress, didChainId } from './did.js'
import { isEvmAddress, recoverPersonalSignAddress } from './eip191.js'
import { formatAuthMessage } from './message.js'
import { decodeRecap, recapChains, recapFromResources } from './recap.js'

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

// What a wallet copies from the request into the CACAO unchanged: any change would sign the user in for
// other terms than the dapp's, e.g. without the expiry it asked for.
const ECHOED = ['domain', 'nonce', 'aud', 'version', 'iat', 'exp', 'nbf', 'requestId'] as const

/**
 * Whether a CACAO answers the request we sent (a valid signature alone could be for another site): the
 * fields it echoes, only requested chains (the issuer's and the recap's, which become the session's), and
 * inside its validity window.
 */
export function checkCacaoBinding(cacao: Cacao, request: AuthPayload, now: number): string | undefined {
  const { p } = cacao
  for (const field of ECHOED) {
    if (p[field] !== request[field]) return `${field} mismatch: requested ${request[field]}, got ${p[field]}`
  }
  const recap = recapFromResources(p.resources)
  for (const chain of [didChainId(p.iss), ...(recap ? recapChains(decodeRecap(recap)) : [])]) {
    if (request.chains.length > 0 && !request.chains.includes(chain as string)) {
      return `cacao grants chain ${chain} which was not requested`
    }
  }
  // Both equal the request's now, so only the dapp could have made them unreadable: those never bind.
  if (Date.parse(p.exp ?? '') < now) return 'cacao has expired'
  if (Date.parse(p.nbf ?? '') > now) return 'cacao is not yet valid'
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
    ...setFields(request, ['statement', 'requestId', 'resources', 'nbf', 'exp']),
  }
  return { h: { t: 'caip122' }, p, s: signature }
}
