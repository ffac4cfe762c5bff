export { Analytics } from './Analytics.js'
export { AppKitAccountButton, AppKitButton, AppKitConnectButton, AppKitNetworkButton } from './components.js'
export type { AppKitButtonAttributes, AppKitElementProps } from './elementTypes.js'
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
