export function Spinner({ label }: { label: string }) {
  return (
    <output className="center">
      <div className="spinner" aria-hidden="true" />
      <span className="muted">{label}</span>
    </output>
  )
}
