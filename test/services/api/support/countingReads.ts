import type { Database } from '../../../../services/api/db/index.js'

/** `db`, with every read of the projects table counted: what a lookup of a project id costs the database. */
export function countingReads(db: Database): { db: Database; reads: () => number } {
  let reads = 0
  const counted = new Proxy(db, {
    get(target, name, receiver) {
      if (name !== 'get') return Reflect.get(target, name, receiver)
      return (sql: string, params?: readonly never[]) => {
        if (sql.includes('FROM projects')) reads++
        return target.get(sql, params)
      }
    },
  })
  return { db: counted, reads: () => reads }
}
