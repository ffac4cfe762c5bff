import type { ReactNode } from 'react'

/**
 * A formatted amount or value, isolated left to right: Intl writes Arabic's "10,000.00 US$" behind a
 * right-to-left mark, so in right-to-left text the "$" would drift to the far side ("$US 10,000.00") and a
 * symbol would swap places with its number. Isolated, it reads as written; its line still flows right to left.
 */
export function Figure({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  )
}
