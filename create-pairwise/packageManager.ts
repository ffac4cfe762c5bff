/** The package managers whose `create` runs this CLI; the app's next steps are written in its commands. */
export const packageManagers = ['npm', 'pnpm', 'yarn', 'bun'] as const
export type PackageManager = (typeof packageManagers)[number]

/**
 * The package manager that ran the CLI, from the npm_config_user_agent each of them sets
 * (`pnpm/9.15.0 npm/? node/v20.19.0 linux x64`); npm when there is none or it is another one.
 */
export function packageManagerOf(userAgent: string | undefined): PackageManager {
  const name = userAgent?.split('/', 1)[0]
  return packageManagers.find((manager) => manager === name) ?? 'npm'
}

/**
 * How the app is installed and its dev server started. npm runs a script only through `run`; bun's own
 * commands come before a script of the same name, so `run` is its safe form too.
 */
export function commandsOf(manager: PackageManager): { install: string; dev: string } {
  const run = manager === 'npm' || manager === 'bun' ? `${manager} run` : manager
  return { install: `${manager} install`, dev: `${run} dev` }
}
