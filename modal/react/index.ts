export { Analytics } from './Analytics.js'
export { AppKitAccountButton, AppKitButton, AppKitConnectButton, AppKitNetworkButton } from './components.js'
export {
  type UseAppKitAccountReturn,
  useAppKit,
  useAppKitAccount,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitState,
  useDisconnect,
} from './hooks.js'
