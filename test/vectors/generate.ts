// Writes the JSON vectors beside this file from the official WalletConnect packages. They were generated
// once and committed; rerun only to extend them, then review the diff. From the repository root:
//   npx esbuild test/vectors/generate.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=node_modules/.cache/pairwise-vectors.mjs && node node_modules/.cache/pairwise-vectors.mjs
import { writeFileSync } from 'node:fs'
import { encodeIss, generateKeyPair as generateSigningKeyPair, signJWT } from '@walletconnect/relay-auth'
import {
  deriveSymKey,
  encodeTypeTwoEnvelope,
  encrypt,
  generateKeyPair,
  hashKey,
  hashMessage,
} from '@walletconnect/utils'

function write(name: string, value: unknown): void {
  writeFileSync(`test/vectors/${name}`, `${JSON.stringify(value, null, 2)}\n`)
}

function randomHex(length: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(length))).toString('hex')
}

const source = '@walletconnect/utils 2.25.0, @walletconnect/relay-auth 1.1.0'

const messages = [
  '',
  'hello',
  '💸 über ✓ 漢字',
  '{"id":1732170000000123456,"jsonrpc":"2.0","method":"wc_sessionPing","params":{}}',
  'x'.repeat(2000),
  'nul \u0000 and newline\n',
]

const keys = Array.from({ length: 6 }, () => {
  const a = generateKeyPair()
  const b = generateKeyPair()
  const symKey = deriveSymKey(a.privateKey, b.publicKey)
  return {
    privateKeyA: a.privateKey,
    publicKeyA: a.publicKey,
    privateKeyB: b.privateKey,
    publicKeyB: b.publicKey,
    symKey,
    topic: hashKey(symKey),
  }
})
write('keys.json', { source, vectors: keys })

write('hashes.json', {
  source,
  vectors: messages.map((message) => ({ message, hash: hashMessage(message) })),
})

const encodings = ['base64pad', 'base64url'] as const
const envelopes = messages.flatMap((message, i) =>
  encodings.flatMap((encoding) => {
    const symKey = randomHex(32)
    const iv = randomHex(12)
    const senderPublicKey = keys[i % keys.length]?.publicKeyA ?? randomHex(32)
    const ours = encoding === 'base64pad' ? 'base64' : 'base64url'
    return [
      {
        type: 0,
        encoding: ours,
        symKey,
        iv,
        message,
        encoded: encrypt({ type: 0, symKey, iv, message, encoding }),
      },
      {
        type: 1,
        encoding: ours,
        symKey,
        iv,
        senderPublicKey,
        message,
        encoded: encrypt({ type: 1, symKey, iv, senderPublicKey, message, encoding }),
      },
      { type: 2, encoding: ours, message, encoded: encodeTypeTwoEnvelope(message, encoding) },
    ]
  }),
)
write('envelopes.json', { source, vectors: envelopes })

const signers = Array.from({ length: 4 }, () => {
  const seed = randomHex(32)
  return { seed, keyPair: generateSigningKeyPair(Buffer.from(seed, 'hex')) }
})

write('didKey.json', {
  source,
  vectors: signers.map(({ keyPair }) => ({
    publicKey: Buffer.from(keyPair.publicKey).toString('hex'),
    did: encodeIss(keyPair.publicKey),
  })),
})

const audiences = [
  'ws://127.0.0.1:8787',
  'wss://relay.walletconnect.org',
  'ws://[::1]:38651/path?x=1',
  'wss://ü.example',
]
const jwts = await Promise.all(
  signers.map(async ({ seed, keyPair }, i) => {
    const sub = randomHex(32)
    const aud = audiences[i % audiences.length] ?? 'ws://127.0.0.1'
    const iat = 1_732_170_000 + i * 1000
    const ttl = i === 0 ? 86_400 : 3600 * (i + 1)
    return {
      seed,
      secretKey: Buffer.from(keyPair.secretKey).toString('hex'),
      publicKey: Buffer.from(keyPair.publicKey).toString('hex'),
      iss: encodeIss(keyPair.publicKey),
      sub,
      aud,
      iat,
      ttl,
      jwt: await signJWT(sub, aud, ttl, keyPair, iat),
    }
  }),
)
write('jwt.json', { source, vectors: jwts })
