import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { ContextProvider } from '../context'

export const metadata: Metadata = {
  title: '{{projectName}}',
  description: 'An app made with create-pairwise',
  // No favicon request (and its 404) until you add src/app/icon.png or favicon.ico.
  icons: { icon: 'data:,' },
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // wagmi's cookie: the connection this visitor had, rendered on the server. headers() is a promise from
  // Next.js 15 on; awaiting 14.2's plain value works the same.
  const cookies = (await headers()).get('cookie')
  return (
    <html lang="en">
      <body>
        <ContextProvider cookies={cookies}>{children}</ContextProvider>
      </body>
    </html>
  )
}
