/** Lets a pending timer not keep Node's process alive; in a browser, where a timer is a number, nothing to do. */
export function unrefTimer(timer: ReturnType<typeof setTimeout> | undefined): void {
  if (typeof timer === 'object' && 'unref' in timer) timer.unref()
}
