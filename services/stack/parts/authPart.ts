import { join } from 'node:path'
import { defineStackPart } from '../stackPart.js'

/**
 * The auth service (email codes, sessions, wallet shares) with the secure frame at /frame, and the local
 * identity providers its social logins go to (issue 35): started first, since their clients name the auth
 * service's callbacks and the auth service their endpoints.
 */
export const authPart = defineStackPart({
  name: 'auth',
  ports: {
    frame: { env: 'PAIRWISE_FRAME_PORT', default: 8789, width: 1 },
    // Dev only: it logs whoever reaches it in as its test accounts.
    idp: { env: 'PAIRWISE_IDP_PORT', default: 8790, width: 1, loopbackOnly: true },
  },
  needs: ['api', 'mailer', 'chain', 'fixtures', 'bundlerUrl', 'farcasterRelayUrl'],
  command: {
    name: 'auth',
    summary:
      'start only the auth service (email codes, sessions, wallet shares) with the secure frame at /frame',
  },
  async start({ config, options, onStop, api, mailer, chain, fixtures, bundlerUrl, farcasterRelayUrl }) {
    const [{ startAuth }, { frameRoutes }, { testUsdToken, testUsdcToken }, { loopbackTwin }] =
      await Promise.all([
        import('../../auth/index.js'),
        import('../../frame/index.js'),
        import('../../chain/index.js'),
        import('../../net/loopbackTwin.js'),
      ])
    const { consoleLogger } = await import('../../relay/index.js')
    const { startLocalIdp } = await import('../../idp/localIdp.js')
    const { authKek } = await import('../authKey.js')
    // Another site than the pages on purpose (the loopback twin of their host), as a wallet operator's
    // domain is to an app's: the browser isolates the frame in a process of its own, and its storage is
    // partitioned by the page's site.
    const authUrl = `http://${loopbackTwin(config.hosts.frame) ?? config.hosts.frame}:${config.ports.frame}`
    const idp = await startLocalIdp({ authUrl, host: config.hosts.idp, port: config.ports.idp })
    onStop(() => idp.close())
    const auth = await startAuth({
      host: config.hosts.frame,
      port: config.ports.frame,
      db: api.db,
      mailer,
      kek: authKek(process.env, join(config.dataDir, 'auth.kek')),
      publicUrl: authUrl,
      logger: consoleLogger('warn'),
      trustProxy: config.trustProxy,
      ...(options.authLimits ? { limits: options.authLimits } : {}),
      socialProviders: idp.providers,
      // Sign In With Farcaster through the local relay, for this service's own domain (the wallet's, as
      // an operator's would be), its registries read on the local chain in Optimism's stead.
      farcaster: {
        domain: new URL(authUrl).host,
        siweUri: `${authUrl}/frame`,
        relayUrl: farcasterRelayUrl,
        optimismRpcUrl: chain.rpcUrl,
      },
      routes: (lookups) =>
        frameRoutes({
          ...lookups,
          chains: [
            {
              chainId: chain.chainId,
              name: 'Anvil',
              rpcUrl: chain.rpcUrl,
              nativeCurrency: { symbol: 'tETH', decimals: 18 },
              tokens: [
                { address: fixtures.testUsd, ...testUsdToken },
                { address: fixtures.testUsdc, ...testUsdcToken },
              ],
              // A smart account network: the factory's SimpleAccount, its UserOperations through the local bundler.
              smartAccount: {
                entryPoint: fixtures.entryPoint,
                simpleAccountFactory: fixtures.simpleAccountFactory,
                ...(bundlerUrl ? { bundlerUrl } : {}),
              },
              // The email wallet's batches as its EOA: one EIP-7702 transaction from its own address.
              eip7702: { implementation: fixtures.simple7702Account },
            },
          ],
        }),
    })
    onStop(() => auth.close())
    return {
      gives: { authUrl },
      urls: [
        {
          part: 'auth',
          url: authUrl,
          detail: 'email codes, sessions, wallet shares; the secure frame at /frame',
        },
        {
          part: 'idp',
          url: idp.url,
          detail:
            'local google, apple, github, facebook, x and discord logins (one oidc-provider, a shim each)',
        },
      ],
      ready: [`${idp.url}/.well-known/openid-configuration`],
      stackFile: {
        auth: { url: authUrl },
        idp: {
          url: idp.url,
          providers: Object.fromEntries(
            idp.providers.map(({ provider, issuer = idp.url, clientId }) => [provider, { issuer, clientId }]),
          ),
        },
      },
    }
  },
})
