// The failed tests of a suite's JSON report, one line each, for `npm test` to print above its summary.
import { join, relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/** A failed test in one line: its suite, file, name and the first line of why it failed. */
function failureLine(suite, file, name, message = '') {
  const why = stripVTControlCharacters(message).trim().split('\n')[0].slice(0, 200)
  return `${suite.padEnd(10)} ${file} › ${name}${why ? `: ${why}` : ''}`
}

/** The failed tests of a vitest JSON report, and each file that failed before any of its tests ran. */
export function vitestFailures(report, root) {
  return report.testResults.flatMap((file) => {
    const path = relative(root, file.name)
    const failed = file.assertionResults.filter((test) => test.status === 'failed')
    if (failed.length === 0 && file.status === 'failed')
      return [failureLine('unit', path, '(the file)', file.message)]
    return failed.map((test) => failureLine('unit', path, test.fullName, test.failureMessages[0]))
  })
}

/** The failed tests of a Playwright JSON report (its suites nest), with the error of each one's last try. */
export function playwrightFailures(report, project, root) {
  const inSuite = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) =>
          failureLine(
            project,
            relative(root, join(report.config.rootDir, spec.file)),
            spec.title,
            test.results.at(-1)?.error?.message,
          ),
        ),
    ),
    ...(suite.suites ?? []).flatMap(inSuite),
  ]
  return report.suites.flatMap(inSuite)
}
