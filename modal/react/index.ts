/**
 * `pairwise/modal/react`: everything of `pairwise/modal` plus the React hooks and components, as
 * `@reown/appkit/react` offers them. Needs react and react-dom (peer dependencies).
 */
export * from '../index.js'
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
