import type { ApiLogger } from '../../../../services/api/http/types.js'

export type Line = { level: string; event: string; fields?: Record<string, unknown> }

/** An ApiLogger that keeps its lines in `lines`, for tests that read what was logged. */
export function memoryLogger(lines: Line[]): ApiLogger {
  const at = (level: string) => (event: string, fields?: Record<string, unknown>) => {
    lines.push({ level, event, ...(fields ? { fields } : {}) })
  }
  return { info: at('info'), warn: at('warn'), error: at('error') }
}
