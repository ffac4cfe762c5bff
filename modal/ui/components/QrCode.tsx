import { useMemo } from 'react'
import { encode } from 'uqr'

/** The URI as a QR code, drawn as one SVG path (no canvas, no image request). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => qrPath(value), [value])
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

export function qrPath(value: string): { size: number; d: string } {
  const { data, size } = encode(value, { ecc: 'M', border: 2 })
  let d = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size, d }
}
