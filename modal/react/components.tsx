import { createElement } from 'react'
import type { AppKitButtonAttributes } from './elementTypes.js'

/**
 * The buttons as React components: each renders its custom element, so it gets the same open shadow root
 * (host CSS cannot reach it, its CSS cannot leak) and finds the page's instance the same way.
 */
const element = (name: string) => (props: AppKitButtonAttributes) => createElement(name, props)

export const AppKitButton = element('appkit-button')
export const AppKitConnectButton = element('appkit-connect-button')
export const AppKitAccountButton = element('appkit-account-button')
export const AppKitNetworkButton = element('appkit-network-button')
