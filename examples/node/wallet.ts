// The example wallet as a command: pairs with the `wc:` URI a dapp printed, signs in and answers its requests.
import { startExampleWallet } from './exampleWallet.js'
import { exampleSettings } from './settings.js'
import { describeActivity, printable } from './walletActivity.js'

const usage = `Usage: node examples/node/dist/wallet.js 'wc:…' [--relay ws://127.0.0.1:8787] [--rpc http://127.0.0.1:8545]
Signs with Anvil's account 0 unless PAIRWISE_PRIVATE_KEY is set; exits when the dapp disconnects (or after a
sign-in that opens no session).`

const settings = exampleSettings(process.argv.slice(2), process.env)
const [uri] = settings.positionals
if (settings.help || uri === undefined || !uri.startsWith('wc:')) {
  ;(settings.help ? console.log : console.error)(usage)
  process.exit(settings.help ? 0 : 2)
}

const wallet = await startExampleWallet({
  relayUrl: settings.relayUrl,
  rpcUrl: settings.rpcUrl,
  ...(settings.privateKey ? { privateKey: settings.privateKey } : {}),
  logger: 'warn',
  onActivity: (activity) => console.log(describeActivity(activity)),
})
console.log(`wallet ${wallet.address} on ${wallet.chains.join(', ')}, relay ${settings.relayUrl}`)

const stop = async (code: number) => {
  await wallet.close()
  process.exit(code)
}
process.once('SIGINT', () => void stop(130))
process.once('SIGTERM', () => void stop(143))
wallet.client.on('session_delete', () => {
  console.log('the dapp disconnected')
  void stop(0)
})
try {
  // A sign-in that grants no methods opens no session: nothing is left to answer.
  if ((await wallet.pair(uri)) === undefined) await stop(0)
} catch (error) {
  // The reason may quote the dapp (the chains it asked for), so it is printed as its activity lines are.
  console.error(printable(error instanceof Error ? error.message : String(error)))
  await stop(1)
}
