// The example dapp as a command: prints a pairing URI, then has the wallet sign a message and send 0.01 tETH.
import { formatEther } from 'viem'
import { runExampleDapp } from './exampleDapp.js'
import { exampleSettings } from './settings.js'

const usage = `Usage: node dist/examples/node/dapp.js [--relay ws://127.0.0.1:8787] [--rpc http://127.0.0.1:8545]
Prints a wc: URI; pair a wallet with it (node dist/examples/node/wallet.js 'wc:…').`

const settings = exampleSettings(process.argv.slice(2), process.env)
if (settings.help) {
  console.log(usage)
  process.exit(0)
}

const result = await runExampleDapp({
  relayUrl: settings.relayUrl,
  rpcUrl: settings.rpcUrl,
  logger: 'warn',
  onUri: (uri) => {
    console.log('Pairing URI, for the wallet:')
    console.log(uri)
  },
})
console.log(`connected to ${result.address}`)
console.log(`personal_sign: ${result.signature} (${result.signatureValid ? 'valid' : 'INVALID'})`)
console.log(
  `sent ${formatEther(result.value)} tETH to ${result.to}: ${result.transactionHash} (${result.transactionStatus})`,
)
console.log('disconnected')
process.exit(result.signatureValid && result.transactionStatus === 'success' ? 0 : 1)
