import { createPublicClient, http } from 'viem'
import { serverUrl } from '../kit/listen.js'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { startChildGroup, waitUntil } from '../process/childGroup.js'
import { anvilBinary } from './anvilBinary.js'
import { localChainId } from './network.js'

export type StartChainOptions = {
  port: number
  host?: string
  chainId?: number
  /** Env var that sets the port, named in the "port in use" error. */
  portEnv?: string
}

export type LocalChain = {
  readonly chainId: number
  readonly host: string
  readonly port: number
  readonly rpcUrl: string
  readonly pid: number
  stop(): Promise<void>
}

/** Starts Anvil on `host:port` and resolves once it answers `eth_chainId` with the expected id. */
export async function startChain({
  port,
  host = '127.0.0.1',
  chainId = localChainId,
  portEnv,
}: StartChainOptions): Promise<LocalChain> {
  if (await isPortTaken(port, host)) throw new PortInUseError('chain', host, port, portEnv)
  const group = startChildGroup({
    name: 'anvil',
    command: anvilBinary(),
    args: ['--host', host, '--port', String(port), '--chain-id', String(chainId), '--silent'],
  })
  const rpcUrl = serverUrl(host, port)
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 1000 }) })
  try {
    await waitUntil(async () => (await client.getChainId()) === chainId, `the chain at ${rpcUrl}`, {
      abort: group.exited.then((code) => `anvil exited with ${code}`),
    })
  } catch (error) {
    await group.stop()
    throw error
  }
  return { chainId, host, port, rpcUrl, pid: group.pid, stop: () => group.stop() }
}
