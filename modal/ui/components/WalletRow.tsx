import type { ReactNode } from 'react'
import { monogram } from '../../wallets/monogram.js'

export function WalletIcon({
  name,
  src,
  large,
}: {
  name: string
  src?: string | undefined
  large?: boolean
}) {
  return (
    <img
      className={large ? 'big-icon' : 'wallet-icon'}
      src={src || monogram(name)}
      alt=""
      // Icons come from registries, wallets and peers on any host: none learns the page that showed it.
      referrerPolicy="no-referrer"
      width={large ? 72 : 32}
      height={large ? 72 : 32}
    />
  )
}

export function WalletRow(props: {
  name: string
  icon?: string | undefined
  tag?: string | undefined
  testId?: string
  onSelect?: () => void
  href?: string
  label?: string
}) {
  const content: ReactNode = (
    <>
      <WalletIcon name={props.name} src={props.icon} />
      <span className="name">{props.label ?? props.name}</span>
      {props.tag ? <span className="tag">{props.tag}</span> : null}
    </>
  )
  return (
    <li>
      {props.href ? (
        <a
          className="row"
          href={props.href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={props.testId}
        >
          {content}
        </a>
      ) : (
        <button type="button" className="row" onClick={props.onSelect} data-testid={props.testId}>
          {content}
        </button>
      )}
    </li>
  )
}
