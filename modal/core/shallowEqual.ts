/** Whether two objects have the same keys holding the same values (compared with Object.is). */
export function shallowEqual(a: object, b: object): boolean {
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.is(a[k as keyof object], b[k as keyof object]))
  )
}
