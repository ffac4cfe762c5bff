import type { DetailedHTMLProps, HTMLAttributes } from 'react'

/** The attributes the page buttons read. */
export type AppKitButtonAttributes = { label?: string; balance?: 'show' | 'hide'; kit?: string }

/** What JSX accepts on the elements: any HTML element's props and the buttons' attributes. */
export type AppKitElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  AppKitButtonAttributes

// AppKit declares its elements for JSX, so `<appkit-button />` type-checks in an app without a declaration
// of its own; an app moving over keeps that.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': AppKitElementProps
      'appkit-connect-button': AppKitElementProps
      'appkit-account-button': AppKitElementProps
      'appkit-network-button': AppKitElementProps
      'appkit-modal': AppKitElementProps
    }
  }
}
