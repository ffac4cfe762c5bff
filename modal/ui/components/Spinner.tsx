export function Spinner({ label, testId }: { label: string; testId?: string }) {
  return (
    <output className="center" data-testid={testId}>
      <div className="spinner" aria-hidden="true" />
      <span className="muted">{label}</span>
    </output>
  )
}
