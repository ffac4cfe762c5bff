import { http } from 'viem'
import { describe, expect, it } from 'vitest'
import { createConfig } from 'wagmi'
import { connect, getAccount } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { addConnector, removeConnector } from '../../../modal/wagmi/addConnector.js'

const chain = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
} as const
const account = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

describe('addConnector', () => {
  it("adds a connector to a made config through wagmi's private connectors store, and wagmi connects with it", async () => {
    const config = createConfig({ chains: [chain], transports: { [chain.id]: http() }, connectors: [] })
    expect(typeof config._internal.connectors.setup).toBe('function')
    expect(typeof config._internal.connectors.setState).toBe('function')
    const connector = addConnector(config, mock({ accounts: [account] }))
    expect(config.connectors).toEqual([connector])
    expect(connector.uid).toEqual(expect.any(String))
    await connect(config, { connector })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: account, connector })
  })

  it('takes an added connector off the config, leaving the others', () => {
    const config = createConfig({ chains: [chain], transports: { [chain.id]: http() }, connectors: [] })
    const first = addConnector(config, mock({ accounts: [account] }))
    const second = addConnector(config, mock({ accounts: [account] }))
    removeConnector(config, first)
    expect(config.connectors).toEqual([second])
  })
})
