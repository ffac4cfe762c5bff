import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

type NodeCrypto = typeof import('node:crypto')

// Node's native hash is several times faster than a JavaScript one, and every publish hashes its
// envelope; the one-shot `hash` (every Node with getBuiltinModule has it) skips createHash's Hash object.
// Taken only where the runtime offers it, so the core still runs in a browser (mock relay).
const nodeCrypto = globalThis.process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined

/** sha256 of `text` encoded as UTF-8, in lowercase hex. */
export const sha256Hex: (text: string) => string = nodeCrypto
  ? (text) => nodeCrypto.hash('sha256', text, 'hex')
  : (text) => bytesToHex(sha256(utf8ToBytes(text)))
