// The example dapp as a command: prints a pairing URI, then has the wallet sign a message and send 0.01 tETH,
// or, with --authenticate, signs in with the wallet (SIWE) and uses the session it grants once.
import { formatEther } from 'viem'
import { runExampleDapp } from './exampleDapp.js'
import { runExampleSignIn } from './exampleSignIn.js'
import { exampleSettings } from './settings.js'

const usage = `Usage: node examples/node/dist/dapp.js [--authenticate] [--relay ws://127.0.0.1:8787] [--rpc http://127.0.0.1:8545]
Prints a wc: URI; pair a wallet with it (node examples/node/dist/wallet.js 'wc:…').
--authenticate signs in with the wallet instead of asking it to sign and send.`

const settings = exampleSettings(process.argv.slice(2), process.env)
if (settings.help) {
  console.log(usage)
  process.exit(0)
}

const common = {
  relayUrl: settings.relayUrl,
  rpcUrl: settings.rpcUrl,
  logger: 'warn',
  onUri: (uri: string) => {
    console.log('Pairing URI, for the wallet:')
    console.log(uri)
  },
} as const

if (settings.authenticate) {
  const result = await runExampleSignIn(common)
  console.log(
    `signed in as ${result.address} on ${result.chainId} (${result.signatureValid ? 'valid' : 'INVALID'} CACAO)`,
  )
  if (result.personalSign)
    console.log(
      `personal_sign over the session: ${result.personalSign.signature} (${result.personalSign.valid ? 'valid' : 'INVALID'})`,
    )
  console.log(result.session ? 'disconnected' : 'no session granted')
  process.exit(result.signatureValid && result.personalSign?.valid !== false ? 0 : 1)
}

const result = await runExampleDapp(common)
console.log(`connected to ${result.address}`)
console.log(`personal_sign: ${result.signature} (${result.signatureValid ? 'valid' : 'INVALID'})`)
console.log(
  `sent ${formatEther(result.value)} tETH to ${result.to}: ${result.transactionHash} (${result.transactionStatus})`,
)
console.log('disconnected')
process.exit(result.signatureValid && result.transactionStatus === 'success' ? 0 : 1)
