import { useEffect, useMemo, useState } from 'react'
import type { encode } from 'uqr'

export type QrEncoder = typeof encode

/**
 * The QR encoder (about 4 KB gzipped), loaded when a QR view opens rather than with the page: most visitors
 * never scan a code, and a URI is only shown once the engine (loaded at the same moment) has made one.
 * `undefined` while loading, `null` when it could not be loaded (the URI is still there to copy).
 */
export function useQrEncoder(): QrEncoder | null | undefined {
  const [encoder, setEncoder] = useState<QrEncoder | null>()
  useEffect(() => {
    let mounted = true
    import('uqr').then(
      (module) => mounted && setEncoder(() => module.encode),
      () => mounted && setEncoder(null),
    )
    return () => {
      mounted = false
    }
  }, [])
  return encoder
}

/** The URI as a QR code, drawn as one SVG path (no canvas, no image request). */
export function QrCode({ value, label, encode }: { value: string; label: string; encode: QrEncoder }) {
  const path = useMemo(() => qrPath(encode, value), [encode, value])
  return (
    <div className="qr">
      <svg
        viewBox={`0 0 ${path.size} ${path.size}`}
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
      >
        <path d={path.d} fill="var(--pw-qr)" />
      </svg>
    </div>
  )
}

function qrPath(encode: QrEncoder, value: string): { size: number; d: string } {
  const { data, size } = encode(value, { ecc: 'M', border: 2 })
  let d = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size, d }
}
