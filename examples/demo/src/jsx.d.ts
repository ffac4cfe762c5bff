import type { DetailedHTMLProps, HTMLAttributes } from 'react'

type KitElement = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  label?: string
  balance?: 'show' | 'hide'
  kit?: string
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': KitElement
      'appkit-connect-button': KitElement
      'appkit-account-button': KitElement
      'appkit-network-button': KitElement
      'appkit-modal': KitElement
    }
  }
}
