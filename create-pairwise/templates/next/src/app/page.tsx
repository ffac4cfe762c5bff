import { Account } from '../components/Account'
import { appName } from '../pairwise/stack'

export default function Home() {
  return (
    <main>
      <h1>{appName}</h1>
      <Account />
    </main>
  )
}
