import type { Config, Connector, CreateConnectorFn } from 'wagmi'

/**
 * Adds a connector to a wagmi config after `createConfig`, as the modal does for each wallet it finds.
 * wagmi has no public call for it, so this file is the one place that touches its private
 * `_internal.connectors` (`setup` then `setState`, the same in @wagmi/core 2.22 and 3.6, the cores of the
 * wagmi 2.19 and 3.7 the peer ranges name); test/modal/wagmi/addConnector.test.ts pins what it relies on.
 */
export function addConnector(config: Config, fn: CreateConnectorFn) {
  const connector = config._internal.connectors.setup(fn)
  config._internal.connectors.setState((all) => [...all, connector])
  return connector
}

/** Takes a connector added by `addConnector` off the config's list, as the modal stops offering it. */
export function removeConnector(config: Config, connector: Connector): void {
  config._internal.connectors.setState((all) => all.filter((c) => c.uid !== connector.uid))
}
