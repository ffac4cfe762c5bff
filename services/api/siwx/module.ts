import type { ApiModule } from '../apiModule.js'
import { caipNetworkIdOf } from '../chains/apiChain.js'
import { siwxMigrations } from './migrations.js'
import { siwxRoutes } from './routes.js'
import { createSiwxVerifier } from './verify/index.js'

/** Sign-in with a wallet: nonces, signatures checked on the chains' RPC, sessions by cookie or token. */
export const siwxModule: ApiModule = {
  name: 'siwx',
  migrations: siwxMigrations,
  cors: { credentialed: ['/siwx/*'] },
  start: ({ options, chains }) => {
    const rpcUrlByChain = new Map<string, string>(
      chains.list().map((chain) => [caipNetworkIdOf(chain), chain.rpcUrl]),
    )
    const verifier = createSiwxVerifier({ rpcUrl: (chainId) => rpcUrlByChain.get(chainId) })
    return {
      routes: [
        (deps) =>
          siwxRoutes({
            ...deps,
            verify: (input) => verifier.verify(input),
            chains: [...rpcUrlByChain.keys(), ...(options.siwx?.chains ?? [])],
            publicUrl: options.siwx?.publicUrl,
          }),
      ],
    }
  },
}
