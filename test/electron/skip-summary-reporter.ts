import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints why tests were skipped and an explicit verdict, so "0 failed" is never mistaken for a pass. */
export default class SkipSummaryReporter implements Reporter {
  readonly #counts = { passed: 0, failed: 0, skipped: 0 };
  readonly #reasons = new Set<string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') {
      this.#counts.skipped += 1;
      for (const annotation of [...test.annotations, ...result.annotations]) {
        if (annotation.type === 'skip' && annotation.description !== undefined) this.#reasons.add(annotation.description);
      }
    } else if (result.status === 'passed') this.#counts.passed += 1;
    else this.#counts.failed += 1;
  }

  onEnd(result: FullResult): void {
    const { passed, failed, skipped } = this.#counts;
    const reasons = this.#reasons.size === 0 ? '' : ` (${[...this.#reasons].join('; ')})`;
    if (passed === 0 && failed === 0 && skipped > 0) {
      console.log(`\nElectron suite NOT RUN: ${skipped} test(s) skipped${reasons}. Nothing was verified in Electron.`);
    } else {
      console.log(`\nElectron suite ${result.status}: ${passed} passed, ${failed} failed, ${skipped} skipped${reasons}.`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
