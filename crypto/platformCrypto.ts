import type { ClientCrypto } from './clientCrypto.js'
import { loadNobleFallback } from './nobleFallback.js'
import { createWebCrypto } from './webCrypto.js'

/**
 * The platform's Web Crypto when it has both X25519 and Ed25519, otherwise `nobleCrypto`, fetched only
 * then: for apps that serve browsers older than Web Crypto's curves, or pages outside a secure context.
 */
export async function platformClientCrypto(): Promise<ClientCrypto> {
  const webCrypto = createWebCrypto()
  try {
    await Promise.all([webCrypto.generateKeyPair(), webCrypto.generateSigningKeyPair()])
    return webCrypto
  } catch {
    return (await loadNobleFallback('the client primitives', () => import('./nobleCrypto.js'))).nobleCrypto
  }
}
