import type { Cacao } from '@pairwise/engine'
import { formatAuthMessage } from '@pairwise/engine'
import { parseSiwxMessage, siwxMessageDataSchema } from '@pairwise/engine/siwx'
import type { WalletConnectSignIn } from '../adapters/walletConnectTransport.js'
import type { ModalContext } from '../controllers/context.js'
import type { SIWXConfig, SIWXSession } from './types.js'

/** Stands for the signer, unknown until the wallet answers: the request takes only the message's other fields. */
const unknownSigner = '0x0000000000000000000000000000000000000000'

/**
 * WalletConnect one-click auth (SIWX-08): a connect asking only for eip155 chains carries an authenticate
 * request built from the config's own message (its nonce, domain, uri, statement, times), and the CACAOs
 * the wallet signs become the config's sessions.
 */
export function walletConnectSignIn(ctx: ModalContext, config: SIWXConfig): WalletConnectSignIn {
  return {
    async request(networks) {
      const chains = networks.map((n) => n.caipNetworkId)
      const [first] = chains
      if (first === undefined || networks.some((n) => n.chainNamespace !== 'eip155')) return undefined
      const active = ctx.store.get().activeNetwork?.caipNetworkId
      const chainId = active && chains.includes(active) ? active : first
      const message = await config.createMessage({ chainId, accountAddress: unknownSigner })
      return {
        chains: [chainId, ...chains.filter((c) => c !== chainId)],
        domain: message.domain,
        nonce: message.nonce,
        uri: message.uri,
        statement: message.statement,
        requestId: message.requestId,
        resources: message.resources,
        exp: message.expirationTime,
        nbf: message.notBefore,
      }
    },
    accept: (cacaos) => config.setSessions(cacaos.map(sessionOfCacao)),
  }
}

/**
 * A CACAO as a sign-in session: the message is the one the wallet signed, rebuilt from the CACAO, and the
 * data is read back from that message (a recap adds to the statement what the payload does not say).
 */
export function sessionOfCacao(cacao: Cacao): SIWXSession {
  const { iss } = cacao.p
  const message = formatAuthMessage(cacao.p, iss)
  const fields = parseSiwxMessage(message, 'eip155')
  const data = siwxMessageDataSchema.parse({
    accountAddress: fields.address,
    chainId: iss.split(':').slice(2, 4).join(':'),
    domain: fields.domain,
    uri: fields.uri,
    version: fields.version,
    nonce: fields.nonce,
    statement: fields.statement,
    resources: fields.resources,
    requestId: fields.requestId,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
  })
  return { data, message, signature: cacao.s.s, cacao }
}
