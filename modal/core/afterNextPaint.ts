/**
 * Runs `run` in the first task after the next frame has painted: a frame callback runs before its frame
 * paints, and the task it queues runs after. Answers a cancel.
 */
export function afterNextPaint(run: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(task)
  }
}
