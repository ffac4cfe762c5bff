import { bytesToHex, randomBytes } from '../../../crypto/index.js'
import type { SignClient, VerifyContext } from '../../../engine/index.js'
import { formatPairingUri, parsePairingUri } from '../../../engine/index.js'
import { payloadId } from '../../../engine/jsonrpc/index.js'
import { approvedNamespaces, dappMetadata, nextEvent, walletMetadata } from '../../engine/support/harness.js'
import { newKeyPair, RawPeer } from './rawPeer.js'

export { ClientPool, establishSession, nextEvent, startTestRelay } from '../../engine/support/harness.js'

/**
 * A raw dapp proposes to our wallet; resolves with the proposal as the wallet emitted it. `attest` gives
 * the relay message an attestation, made from the encrypted message as published.
 */
export async function rawProposal(
  relayUrl: string,
  wallet: SignClient,
  params: Record<string, unknown> = {},
  attest?: (message: string) => Promise<string>,
): Promise<{
  peer: RawPeer
  pairingTopic: string
  keyPair: ReturnType<typeof newKeyPair>
  id: number
  verifyContext: VerifyContext
}> {
  const peer = await RawPeer.open(relayUrl)
  const symKey = randomBytes(32)
  const pairingTopic = peer.addSymKey(symKey)
  await peer.relay.subscribe(pairingTopic)
  const keyPair = newKeyPair()
  const id = payloadId()
  const expiryTimestamp = Math.floor(Date.now() / 1000) + 300
  const proposal = {
    requiredNamespaces: {},
    optionalNamespaces: {
      eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['chainChanged'] },
    },
    relays: [{ protocol: 'irn' }],
    proposer: { publicKey: keyPair.publicHex, metadata: dappMetadata },
    expiryTimestamp,
    pairingTopic,
    id,
    ...params,
  }
  const emitted = nextEvent(wallet, 'session_proposal')
  const message = peer.seal(pairingTopic, {
    id,
    jsonrpc: '2.0',
    method: 'wc_sessionPropose',
    params: proposal,
  })
  const attestation = attest ? { attestation: await attest(message) } : {}
  await peer.relay.publish({ topic: pairingTopic, message, ttl: 300, tag: 1100, ...attestation })
  await wallet.pair({
    uri: formatPairingUri({
      topic: pairingTopic,
      symKey: bytesToHex(symKey),
      relay: { protocol: 'irn' },
      expiryTimestamp,
    }),
  })
  const { verifyContext } = await emitted
  return { peer, pairingTopic, keyPair, id, verifyContext }
}

/** What a dapp's `authenticate()` asks the wallet to sign in to. */
export const signInPayload = {
  chains: ['eip155:1'],
  domain: 'dapp.example',
  aud: 'https://dapp.example',
  version: '1',
  nonce: 'n',
  iat: '2024-01-01T00:00:00Z',
}

/** A sign-in request as a dapp's `authenticate()` sends it on a pairing topic (tag 1116). */
export function signInRequest(
  id: number,
  requesterPublicKey: string,
  expiryTimestamp = Math.floor(Date.now() / 1000) + 3600,
): { id: number; jsonrpc: '2.0'; method: 'wc_sessionAuthenticate'; params: Record<string, unknown> } {
  return {
    id,
    jsonrpc: '2.0',
    method: 'wc_sessionAuthenticate',
    params: {
      requester: { publicKey: requesterPublicKey, metadata: dappMetadata },
      authPayload: signInPayload,
      expiryTimestamp,
    },
  }
}

/**
 * Our dapp proposes, a raw wallet answers: it reads the proposal off the pairing topic, derives the
 * session key, and sends the proposal response and `settle` (a valid one unless overridden).
 */
export async function rawWalletSession(
  relayUrl: string,
  dapp: SignClient,
  settleOverrides: Record<string, unknown> = {},
): Promise<{
  peer: RawPeer
  sessionTopic: string
  approval: Promise<unknown>
  settleId: number
  keyPair: ReturnType<typeof newKeyPair>
}> {
  const peer = await RawPeer.open(relayUrl)
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['chainChanged'] },
    },
  })
  const parsed = parsePairingUri(uri as string)
  const pairingTopic = peer.addSymKey(Uint8Array.from(Buffer.from(parsed.symKey, 'hex')))
  await peer.relay.subscribe(pairingTopic)
  const proposal = await peer.next((message) => message.payload.method === 'wc_sessionPropose')
  const proposer = (proposal.payload.params as { proposer: { publicKey: string } }).proposer
  const keyPair = newKeyPair()
  const sessionTopic = peer.addSharedKey(keyPair, proposer.publicKey)
  await peer.relay.subscribe(sessionTopic)
  const settleId = payloadId()
  await peer.relay.approveSession({
    sessionTopic,
    pairingTopic,
    sessionProposalResponse: peer.seal(pairingTopic, {
      id: proposal.payload.id,
      jsonrpc: '2.0',
      result: { relay: { protocol: 'irn' }, responderPublicKey: keyPair.publicHex },
    }),
    sessionSettlementRequest: peer.seal(sessionTopic, {
      id: settleId,
      jsonrpc: '2.0',
      method: 'wc_sessionSettle',
      params: {
        relay: { protocol: 'irn' },
        namespaces: approvedNamespaces,
        controller: { publicKey: keyPair.publicHex, metadata: walletMetadata },
        expiry: Math.floor(Date.now() / 1000) + 7 * 86400,
        ...settleOverrides,
      },
    }),
  })
  const settled = approval()
  settled.catch(() => {})
  return { peer, sessionTopic, approval: settled, settleId, keyPair }
}
